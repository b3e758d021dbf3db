/**
 * @module The review page's behaviour: flag buttons open a reason form, accept / reject take the reason, every
 * change is saved at once (POST, JSON), the flag list re-renders from the saved review, files load when opened.
 */

export const REVIEW_STYLE = `
#panel{position:fixed;right:1rem;top:3.6rem;width:330px;max-height:calc(100vh - 4.5rem);overflow:auto;background:#fff;border:1px solid var(--line);border-radius:8px;padding:.6rem;box-shadow:0 2px 8px rgba(0,0,0,.08);z-index:5}
#panel textarea{width:100%;font:inherit;margin:.3rem 0}
#panel .row{display:flex;gap:.4rem;align-items:center;flex-wrap:wrap}
#flags{padding-left:1.1rem;margin:.2rem 0;font-size:12px}#flags li{margin:.2rem 0}
#review-main{margin-right:350px}
button.flag{white-space:nowrap;font-size:11px;padding:0 .35rem;border:1px solid var(--line);border-radius:.6rem;background:#fff;cursor:pointer;color:var(--muted)}
button.flag.flagged{background:#ffebe9;color:var(--bad);border-color:var(--bad)}
.question{font-size:1.1rem}
.persona{margin:.3rem 0}
.cond{border:1px solid var(--line);border-radius:6px;padding:.4rem .6rem;margin:.4rem 0}
.cond li.chosen{font-weight:600}
.bad{color:var(--bad)}
details.file{border:1px solid var(--line);border-radius:6px;padding:.3rem .5rem;margin:.3rem 0}
#decision.accepted{background:#dafbe1}#decision.rejected{background:#ffebe9}
@media (max-width:900px){#panel{position:sticky;top:0;width:auto;max-height:45vh;margin:0 0 .8rem}#review-main{margin-right:0}}
`;

/** The script, given the URL the review is saved to. */
export const REVIEW_SCRIPT = (saveUrl: string) => `
const review = JSON.parse(document.getElementById("review-state").textContent);
const $ = (id) => document.getElementById(id);
let pending = null;
function label(f) {
  const b = document.querySelector('button.flag[data-target="' + f.target + '"][data-id="' + CSS.escape(f.id) + '"]');
  return b ? b.dataset.label : f.target + " " + f.id;
}
function render() {
  $("decision").textContent = review.decision;
  $("decision").className = "badge " + review.decision;
  $("flag-count").textContent = String(review.flags.length);
  const list = $("flags");
  list.replaceChildren();
  review.flags.forEach((f, i) => {
    const li = document.createElement("li");
    li.className = "flag-item";
    const what = document.createElement("b");
    what.textContent = label(f);
    const x = document.createElement("button");
    x.type = "button"; x.textContent = "remove"; x.className = "unflag";
    x.onclick = () => { review.flags.splice(i, 1); save(); };
    li.append(what, document.createTextNode(": " + f.reason + " "), x);
    list.append(li);
  });
  for (const b of document.querySelectorAll("button.flag"))
    b.classList.toggle("flagged", review.flags.some((f) => f.target === b.dataset.target && f.id === b.dataset.id));
}
async function save() {
  review.reviewer = $("reviewer").value.trim();
  $("status").textContent = "saving…";
  const res = await fetch(${JSON.stringify(saveUrl)}, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(review),
  });
  const body = await res.json().catch(() => ({ error: "unreadable reply" }));
  if (!res.ok) { $("status").textContent = "not saved: " + body.error; $("status").className = "small bad"; return false; }
  Object.assign(review, body.review);
  $("status").textContent = "saved"; $("status").className = "small muted";
  render();
  return true;
}
document.addEventListener("click", (e) => {
  const b = e.target.closest && e.target.closest("button.flag");
  if (!b) return;
  e.preventDefault();
  pending = { target: b.dataset.target, id: b.dataset.id };
  $("flag-what").textContent = b.dataset.label;
  $("flag-reason").value = "";
  $("flag-form").hidden = false;
  $("flag-reason").focus();
});
$("flag-cancel").onclick = () => { $("flag-form").hidden = true; pending = null; };
$("flag-save").onclick = async () => {
  const reason = $("flag-reason").value.trim();
  if (!pending) return;
  if (!reason) { $("status").textContent = "a flag needs a reason"; $("status").className = "small bad"; return; }
  review.flags.push({ ...pending, reason });
  if (await save()) { $("flag-form").hidden = true; pending = null; } else review.flags.pop();
};
async function decide(decision) {
  const reason = $("decision-reason").value.trim();
  if (decision === "rejected" && !reason) { $("status").textContent = "say why the task is rejected"; $("status").className = "small bad"; return; }
  const before = [review.decision, review.reason];
  review.decision = decision; review.reason = reason;
  if (!(await save())) [review.decision, review.reason] = before;
}
$("accept").onclick = () => decide("accepted");
$("reviewer").onchange = () => save();
$("reject").onclick = () => decide("rejected");
for (const d of document.querySelectorAll("details.file"))
  d.addEventListener("toggle", async () => {
    if (!d.open || d.dataset.loaded) return;
    d.dataset.loaded = "1";
    const res = await fetch(d.dataset.src);
    d.querySelector(".file-body").innerHTML = res.ok ? await res.text() : "<p class='bad'>could not load the file</p>";
  });
for (const a of document.querySelectorAll("a.file-link"))
  a.addEventListener("click", () => { const d = $("file-" + a.dataset.file); if (d && !d.open) d.open = true; });
render();
`;
