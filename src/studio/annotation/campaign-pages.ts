/**
 * @module The campaign manager's pages: campaigns, creating one (runs, guideline, annotators), and a campaign's
 * progress and agreement dashboard (Appendix F's statistics, a Figure F.2-style plot, disagreements to adjudicate,
 * label export and import).
 */
import type { CampaignAgreement } from "../../analysis/annotation.ts";
import { Plot, renderPlot } from "../../notebook/plot.ts";
import type { StudioContext } from "../context.ts";
import { type Html, html, page, raw, score } from "../html.ts";
import { facets, runPage, StudioFilter } from "../queries.ts";
import { urls } from "../urls.ts";
import { DEFAULT_GUIDELINE } from "./schema.ts";
import type { AnnotatorRow, CampaignRow, CampaignSummary, LabelRow } from "./store.ts";
import type { CampaignWorkflow } from "./workflows.ts";

/** Runs offered on the new-campaign page at once (narrow with the filters). */
const RUNS_OFFERED = 500;

/** A judge's name for display: a local server's handle (`llm:compat:<url>#model`) shortened to its model. */
const judgeLabel = (name: string) => name.replace(/^(llm:)compat:[^#]*#/, "$1");

const num = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined ? "—" : v.toFixed(digits);
const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? "—" : `${(v * 100).toFixed(1)} %`;

export function campaignsPage(campaigns: readonly CampaignSummary[]): string {
  const rows = campaigns.map(
    (
      c,
    ) => html`<tr><td><a href="${urls.campaign(c.id)}">${c.name}</a></td><td>${c.created_at.slice(0, 16)}</td>
      <td class="num">${c.items}</td><td class="num">${c.annotators}</td><td class="num">${c.labels}</td></tr>`,
  );
  const body = html`<p><a href="${urls.newCampaign()}">New campaign</a> — people align predicted steps to gold steps
    (the paper's Appendix F), and the dashboard measures their agreement and the judges' agreement with them.</p>
    ${
      campaigns.length
        ? html`<table><thead><tr><th>campaign</th><th>created</th><th class="num">workflows</th><th class="num">annotators</th><th class="num">decisions</th></tr></thead><tbody>${rows}</tbody></table>`
        : html`<p class="muted">No campaign yet.</p>`
    }`;
  return page({ title: "Annotation campaigns", section: "campaigns", body });
}

const NEW_SCRIPT = `
document.getElementById("campaign-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const out = document.getElementById("created");
  const body = {
    name: form.name.value,
    guideline: form.guideline.value,
    runs: [...form.querySelectorAll("input[name=run]:checked")].map((i) => i.value),
    annotators: form.annotators.value.split("\\n").map((s) => s.trim()).filter(Boolean),
  };
  const response = await fetch(${JSON.stringify(urls.campaigns())}, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  out.replaceChildren();
  if (!response.ok) { out.className = "loss"; out.textContent = data.error ?? "not created (HTTP " + response.status + ")"; return; }
  out.className = "";
  const h = document.createElement("h2"); h.textContent = "Campaign created"; out.append(h);
  const p = document.createElement("p");
  p.textContent = "Send each annotator their own link. It is shown only now (the server keeps a hash); a new one can be made on the campaign page. ";
  const a = document.createElement("a"); a.href = data.dashboard; a.id = "dashboard-link"; a.textContent = "Open the campaign dashboard"; p.append(a);
  out.append(p);
  const list = document.createElement("ul"); list.id = "links";
  for (const link of data.links) {
    const li = document.createElement("li"); li.dataset.annotator = link.name;
    const b = document.createElement("b"); b.textContent = link.name + ": ";
    const code = document.createElement("code"); code.textContent = new URL(link.url, location.href).href;
    li.append(b, code); list.append(li);
  }
  out.append(list);
});`;

export function newCampaignPage(ctx: StudioContext, query: Record<string, string>): string {
  const filter = StudioFilter.parse({
    ...Object.fromEntries(Object.entries(query).filter(([k, v]) => v !== "" && k in StudioFilter.shape)),
    status: "done",
  });
  const { rows, total } = runPage(ctx.store.db, filter, {
    order: { sort: "task", dir: "asc" },
    limit: RUNS_OFFERED,
  });
  const f = facets(ctx.store.db);
  const select = (name: "suite" | "task" | "split" | "agent" | "model" | "batch") =>
    html`<label>${name}<select name="${name}"><option value="">all</option>${f[name].map(
      (v) => html`<option${query[name] === v ? html` selected` : ""}>${v}</option>`,
    )}</select></label>`;
  const runRows = rows.map(
    (r) => html`<tr><td><input type="checkbox" name="run" value="${r.id}" aria-label="run ${r.id}"></td>
      <td>${r.task}</td><td>${r.split ?? ""}</td><td>${r.agent}</td><td>${r.model}</td><td>${r.batch ?? ""}</td>
      <td class="num">${score(r.metrics.f1?.value)}</td><td class="small"><a href="${urls.run(r.id)}">${r.id}</a></td></tr>`,
  );
  const body = html`<form class="filters" method="get" action="${urls.newCampaign()}">
      ${(["suite", "task", "split", "agent", "model", "batch"] as const).map(select)}<button>Filter runs</button></form>
    <form id="campaign-form">
      <h2>Runs (tasks × agents)</h2>
      <p class="muted small">${total} finished run${total === 1 ? "" : "s"} match${total > RUNS_OFFERED ? html`; the first ${RUNS_OFFERED} are listed — narrow the filters` : ""}.
        Annotators see each run's judged workflow (personalized, else generic) against its task's gold steps, without the agent's name.</p>
      <table><thead><tr><th></th><th>task</th><th>split</th><th>agent</th><th>model</th><th>batch</th><th class="num">F1</th><th>run</th></tr></thead><tbody>${runRows}</tbody></table>
      <h2>Campaign</h2>
      <p><label>Name<br><input name="name" size="50" required></label></p>
      <p><label>Annotators, one name per line (each gets their own link)<br><textarea name="annotators" rows="4" cols="40" required></textarea></label></p>
      <p><label>Guideline (the paper's F.1 protocol by default)<br><textarea name="guideline" rows="12" cols="110">${DEFAULT_GUIDELINE}</textarea></label></p>
      <p><button type="submit">Create campaign</button></p>
    </form>
    <div id="created" role="status"></div>`;
  return page({ title: "New annotation campaign", section: "campaigns", body, script: NEW_SCRIPT });
}

export type DashboardView = {
  campaign: CampaignRow;
  annotators: AnnotatorRow[];
  workflows: CampaignWorkflow[];
  labels: LabelRow[];
  agreement: CampaignAgreement;
};

/** Figure F.2's reading: per task (x) and agent (facet), the human-average F1 beside each judge's F1; a grey rule spans the gap. */
function f1Plot(a: CampaignAgreement): Html {
  const short = (task: string) => task.split("/").pop()!;
  const points = a.workflows.flatMap((w) =>
    w.humanF1 === null
      ? []
      : [
          { task: short(w.task), agent: w.agent, source: "human average", f1: w.humanF1 * 100 },
          ...Object.entries(w.judges).map(([judge, f1]) => ({
            task: short(w.task),
            agent: w.agent,
            source: `judge ${judgeLabel(judge)}`,
            f1: f1 * 100,
          })),
        ],
  );
  if (points.length === 0)
    return html`<p class="muted">The plot appears once an annotator has finished a workflow.</p>`;
  const gaps = a.workflows.flatMap((w) => {
    const ys = points.filter((p) => p.task === short(w.task) && p.agent === w.agent).map((p) => p.f1);
    return ys.length > 1
      ? [{ task: short(w.task), agent: w.agent, lo: Math.min(...ys), hi: Math.max(...ys) }]
      : [];
  });
  const agents = new Set(points.map((p) => p.agent)).size;
  const tasks = new Set(points.map((p) => p.task)).size;
  const svg = renderPlot({
    width: Math.min(1400, Math.max(560, 90 * tasks * agents + 120)),
    height: 320,
    marginBottom: 50,
    y: { domain: [0, 100], grid: true, label: "F1 (×100)" },
    x: { label: "task", tickRotate: tasks > 4 ? -25 : 0 },
    fx: { label: "agent" },
    color: { legend: true, label: "source" },
    marks: [
      Plot.ruleX(gaps, { x: "task", fx: "agent", y1: "lo", y2: "hi", stroke: "#bbb", strokeWidth: 2 }),
      Plot.dot(points, {
        x: "task",
        fx: "agent",
        y: "f1",
        fill: "source",
        symbol: "source",
        r: 5,
      }),
    ],
  });
  return html`<figure>${raw(svg)}<figcaption class="muted small">Human-average F1 and each judge's F1 per task and agent (the
    paper's Figure F.2); a grey rule spans the gap.</figcaption></figure>`;
}

export function dashboardPage(view: DashboardView): string {
  const { campaign, annotators, workflows, labels, agreement: a } = view;
  const names = new Map(annotators.map((x) => [x.id, x.name]));
  const total = workflows.reduce((s, w) => s + w.predicted.length, 0);
  const progress = annotators.map((x) => {
    const done = labels.filter((l) => l.annotator_id === x.id).length;
    return html`<tr><td>${x.name}</td><td class="num">${done} / ${total}</td>
      <td><button type="button" data-new-link="${x.id}">new link</button> <code class="link" id="link-${x.id}"></code></td></tr>`;
  });
  const judgeNames = [...new Set(workflows.flatMap((w) => w.judges.map((j) => j.name)))].sort();
  const hasLexical = workflows.some((w) => w.judges.some((j) => j.lexical));
  const hasLlm = workflows.some((w) => w.judges.some((j) => !j.lexical));
  const missing = [
    hasLexical ? null : "No lexical-judge evaluation exists for these runs (drflow judge --judge lexical).",
    hasLlm
      ? null
      : "No LLM-judge evaluation exists for these runs: human–LLM agreement cannot be measured until they are judged with an LLM (drflow judge --judge llm:<model>).",
  ].filter(Boolean);
  const judgeRows = judgeNames.map((j) => {
    const s = a.judges[j];
    return html`<tr data-judge="${j}"><td title="${j}">${judgeLabel(j)}</td><td class="num">${s?.n ?? 0}</td><td class="num pearson">${num(s?.pearson)}</td>
      <td class="num mad">${score(s?.meanAbsoluteDifference)}</td></tr>`;
  });
  const wfRows = a.workflows.map((w) => {
    const cw = workflows.find((x) => x.item === w.item)!;
    return html`<tr><td>${w.task}</td><td>${w.agent}</td><td class="small"><a href="${urls.run(w.run)}">${w.run}</a></td>
      <td class="num">${w.predicted}</td><td class="num">${w.gold}</td>
      ${annotators.map((x) => html`<td class="num">${score(w.annotatorF1[x.id])}</td>`)}
      <td class="num"><b>${score(w.humanF1)}</b></td>
      ${judgeNames.map((j) => html`<td class="num">${score(w.judges[j])}</td>`)}
      ${cw.problem ? html`<td class="loss">${cw.problem}</td>` : html`<td></td>`}</tr>`;
  });
  const byItem = new Map(workflows.map((w) => [w.item, w]));
  const notes = new Map(labels.map((l) => [`${l.annotator_id}\u0000${l.item_id}\u0000${l.step}`, l.note]));
  const choice = (g: number | null | undefined) =>
    g === undefined ? "no majority" : g === null ? "unmatched" : `G${g}`;
  const disagreements = a.disagreements.map((d) => {
    const w = byItem.get(d.item)!;
    const step = w.predicted[d.step - 1];
    return html`<tr><td>${w.task}</td><td>${w.agent}</td><td><b>P${d.step}</b> ${step?.title ?? ""}</td>
      ${annotators.map((x) => {
        const note = notes.get(`${x.id}\u0000${d.item}\u0000${d.step}`);
        return html`<td>${choice(d.labels[x.id])}${note ? html`<div class="small muted">${note}</div>` : ""}</td>`;
      })}
      <td>${choice(d.majority)}</td></tr>`;
  });
  const body = html`<p class="muted">${workflows.length} workflows (${new Set(workflows.map((w) => w.task)).size} tasks) ·
      ${annotators.length} annotators · created ${campaign.created_at.slice(0, 16)} ·
      <a href="${urls.campaign(campaign.id)}/labels.jsonl" id="export">export labels (JSONL)</a></p>
    <details><summary>Guideline</summary><pre>${campaign.guideline}</pre></details>
    <h2>Progress</h2>
    <table><thead><tr><th>annotator</th><th class="num">decisions</th><th>link</th></tr></thead><tbody>${progress}</tbody></table>
    <h2>Agreement between annotators</h2>
    <p class="muted small">Over the ${a.complete} of ${a.decisions} predicted-step decisions every annotator has made; a decision's
      category is the gold step chosen or "unmatched".</p>
    <table id="agreement"><tbody>
      <tr><th>all agree</th><td class="num" id="all-agree">${pct(a.allAgree)}</td></tr>
      <tr><th>majority agrees</th><td class="num" id="majority-agree">${pct(a.majorityAgree)}</td></tr>
      <tr><th>Fleiss' κ</th><td class="num" id="kappa">${num(a.fleiss?.kappa)}</td></tr>
    </tbody></table>
    <h2>Humans and judges</h2>
    ${missing.map((m) => html`<p class="ref missing-judge">${m}</p>`)}
    ${
      judgeNames.length
        ? html`<table id="judges"><thead><tr><th>judge</th><th class="num">workflows</th><th class="num">Pearson r (human-average F1 vs judge F1)</th><th class="num">mean |difference| (×100)</th></tr></thead><tbody>${judgeRows}</tbody></table>`
        : ""
    }
    ${
      Object.values(a.judges).some((s) => s.n > 0 && s.n < 3)
        ? html`<p class="muted small">Pearson r over fewer than three workflows is ±1 or undefined by construction: annotate more
            workflows before reading it.</p>`
        : ""
    }
    <div id="f1-plot">${f1Plot(a)}</div>
    <h2>F1 per task and agent (×100)</h2>
    <table id="workflows"><thead><tr><th>task</th><th>agent</th><th>run</th><th class="num">predicted</th><th class="num">gold</th>
      ${annotators.map((x) => html`<th class="num">F1 ${x.name}</th>`)}<th class="num">human avg</th>
      ${judgeNames.map((j) => html`<th class="num" title="${j}">F1 ${judgeLabel(j)}</th>`)}<th></th></tr></thead><tbody>${wfRows}</tbody></table>
    <h2>Disagreements to adjudicate (${a.disagreements.length})</h2>
    ${
      a.disagreements.length
        ? html`<table id="disagreements"><thead><tr><th>task</th><th>agent</th><th>predicted step</th>${annotators.map((x) => html`<th>${names.get(x.id)}</th>`)}<th>majority</th></tr></thead><tbody>${disagreements}</tbody></table>`
        : html`<p class="muted">None among the completed decisions.</p>`
    }
    <h2>Import labels</h2>
    <p class="muted small">A JSONL file as exported above (one label per line). <i>Merge</i> overwrites the decisions it names;
      <i>replace</i> makes the campaign's labels exactly the file's. Every line is checked before anything is written.</p>
    <p><input type="file" id="import-file" accept=".jsonl,.json,application/jsonl,text/plain">
      <select id="import-mode"><option value="merge">merge</option><option value="replace">replace</option></select>
      <button type="button" id="import">Import</button></p>
    <pre id="import-result" hidden></pre>`;
  return page({
    title: campaign.name,
    section: "campaigns",
    body,
    script: dashboardScript(campaign.id),
  });
}

function dashboardScript(id: string): string {
  const base = JSON.stringify(urls.campaign(id));
  return `
for (const button of document.querySelectorAll("button[data-new-link]")) {
  button.addEventListener("click", async () => {
    const id = button.dataset.newLink;
    const response = await fetch(${base} + "/annotators/" + id + "/link", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const data = await response.json().catch(() => ({}));
    document.getElementById("link-" + id).textContent = response.ok ? new URL(data.url, location.href).href : (data.error ?? "failed");
  });
}
document.getElementById("import").addEventListener("click", async () => {
  const out = document.getElementById("import-result");
  const file = document.getElementById("import-file").files[0];
  out.hidden = false;
  if (!file) { out.textContent = "Choose a JSONL file first."; return; }
  const response = await fetch(${base} + "/labels", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonl: await file.text(), mode: document.getElementById("import-mode").value }) });
  const data = await response.json().catch(() => ({}));
  out.textContent = response.ok ? "Imported " + data.imported + " labels. Reload to see them." : (data.error ?? "HTTP " + response.status);
  out.dataset.ok = String(response.ok);
});`;
}
