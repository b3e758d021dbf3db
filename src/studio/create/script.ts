/** @module The creation pages' behaviour: the form posts JSON (the API's safety layer takes no other writes), the job page polls its progress. */

export const CREATE_STYLE = `
form.create fieldset{border:1px solid var(--line);border-radius:6px;margin:.6rem 0;padding:.4rem .8rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;max-width:1100px}
form.create legend{font-weight:600}
form.create label{display:flex;flex-direction:column;font-size:12px;color:var(--muted);min-width:16rem;flex:1}
form.create textarea{font:inherit;width:100%}
form.create fieldset>p{flex-basis:100%;margin:.2rem 0}
.error{background:#ffebe9;border:1px solid var(--bad);border-radius:6px;padding:.5rem .7rem;white-space:pre-wrap;margin:.5rem 0;max-width:1100px}
.notice{background:#fff8c5;border:1px solid var(--warn);border-radius:6px;padding:.6rem .8rem;margin:.5rem 0;max-width:1100px}
#job-status.done{background:#dafbe1}#job-status.failed{background:#ffebe9}#job-status.running{background:#ddf4ff}
`;

export const CREATE_SCRIPT = `
const $ = (id) => document.getElementById(id);
function showError(text) { const e = $("create-error"); e.textContent = text; e.hidden = false; }
async function submit(body) {
  $("create-error").hidden = true;
  const res = await fetch("/studio/create", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const reply = await res.json().catch(() => ({ error: "the server's reply could not be read (" + res.status + ")" }));
  if (res.status !== 202) return showError(reply.error || ("refused: " + res.status));
  location.href = reply.url;
}
function options() {
  return { suite: $("f-suite").value.trim(), model: $("f-model").value, adjacent_cases: Number($("f-adjacent").value), seed: Number($("f-seed").value), replace: $("f-replace").checked };
}
if ($("create-llm")) $("create-llm").onclick = () => {
  const fields = {};
  for (const el of document.querySelectorAll("#seed-form [name]")) fields[el.name] = el.value.trim();
  submit({ mode: "llm", ...options(), fields });
};
if ($("upload-llm")) $("upload-llm").onclick = () => {
  const file = $("seed-file").files[0];
  if (!file) return showError("choose a seed spreadsheet first");
  const reader = new FileReader();
  reader.onload = () => submit({ mode: "llm", ...options(), upload: { name: file.name, base64: String(reader.result).split(",")[1] || "" } });
  reader.onerror = () => showError("could not read " + file.name);
  reader.readAsDataURL(file);
};
if ($("create-procedural")) $("create-procedural").onclick = () =>
  submit({ mode: "procedural", suite: $("p-suite").value.trim(), per_domain: Number($("p-per-domain").value), seed: Number($("p-seed").value), replace: $("p-replace").checked });
`;

/** The job page's poller, given its progress URL and the review index (task links are built from refs). */
export const JOB_SCRIPT = (progressUrl: string, reviewBase: string) => `
const $ = (id) => document.getElementById(id);
function cell(text) { const td = document.createElement("td"); td.textContent = text; return td; }
function render(p) {
  $("job-status").textContent = p.status; $("job-status").className = "badge " + p.status;
  $("job-stage").textContent = p.stage;
  $("cost").textContent = "$" + p.cost_usd.toFixed(4) + (p.unpriced ? " + unpriced calls" : "");
  $("stages").tBodies[0].replaceChildren(...p.stages.map((s) => { const tr = document.createElement("tr"); tr.className = "st-" + s.status; tr.append(cell(s.task), cell(s.stage), cell(s.status)); return tr; }));
  $("files").tBodies[0].replaceChildren(...Object.entries(p.files).map(([t, f]) => { const tr = document.createElement("tr"); tr.append(cell(t), cell(f.done + " / " + f.total)); return tr; }));
  if (p.error) { $("job-error").textContent = p.error; $("job-error").hidden = false; }
  if (p.status === "done") {
    $("result").hidden = false;
    $("result-tasks").replaceChildren(...p.tasks.map((ref) => {
      const li = document.createElement("li"); const a = document.createElement("a");
      a.className = "open-review"; a.href = ${JSON.stringify(reviewBase)} + "/" + ref.split("/").map(encodeURIComponent).join("/");
      a.textContent = "review " + ref; li.append(a); return li;
    }));
  }
  return p.status === "done" || p.status === "failed";
}
async function poll() {
  const res = await fetch(${JSON.stringify(progressUrl)}, { cache: "no-store" });
  if (res.ok && render(await res.json())) { document.body.dataset.job = "ended"; return; }
  setTimeout(poll, 400);
}
render(JSON.parse($("job-state").textContent));
poll();
`;
