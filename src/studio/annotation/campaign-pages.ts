/**
 * @module The campaign manager's pages: campaigns, creating one (runs, guideline, annotators), and a campaign's
 * progress and agreement dashboard (Appendix F's statistics, a Figure F.2-style plot, disagreements to adjudicate,
 * label export and import).
 */
import type { CampaignAgreement } from "../../analysis/annotation.ts";
import { type HumanAgreement, LABELLED_METRICS } from "../../analysis/human-agreement.ts";
import { metricLabel } from "../../judge/metrics/index.ts";
import { Plot, renderPlot } from "../../notebook/plot.ts";
import { RunPageFilter, runPage, splitOrder } from "../../store/run-pages.ts";
import type { StudioContext } from "../context.ts";
import { type Html, html, page, raw, score } from "../html.ts";
import { urls } from "../urls.ts";
import { DEFAULT_GUIDELINE } from "./schema.ts";
import type { AdjudicationRow, AnnotatorRow, CampaignRow, CampaignSummary, LabelRow } from "./store.ts";
import type { CampaignWorkflow } from "./workflows.ts";

/** The manager pages' own layout: wide tables scroll inside their box, and nothing overflows a narrow screen. */
const CSS = `
.scroll{overflow-x:auto;max-width:100%}
#disagreements select{max-width:16rem}#disagreements .final{white-space:nowrap}#disagreements .adj-note{width:8rem}
figure{margin:.4rem 0;max-width:100%;overflow-x:auto}
textarea,input[name=name]{max-width:100%}
#links a.annotator-link{word-break:break-all}
`;

/** Runs offered on the new-campaign page at once (narrow with the filters). */
const RUNS_OFFERED = 500;

/** A judge's name for display: a local server's handle (`llm:compat:<url>#model`) shortened to its model. */
const judgeLabel = (name: string) => name.replace(/^(llm:)compat:[^#]*#/, "$1");

/** A statistic to `digits` places; one that rounds to zero reads 0, not -0. */
const num = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined ? "—" : (Math.abs(v) < 0.5 * 10 ** -digits ? 0 : v).toFixed(digits);
const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? "—" : `${(v * 100).toFixed(1)} %`;

export function campaignsPage(campaigns: readonly CampaignSummary[]): string {
  const rows = campaigns.map(
    (
      c,
    ) => html`<tr><td><a href="${urls.campaign(c.id)}">${c.name}</a></td><td>${c.created_at.slice(0, 16)}</td>
      <td class="num">${c.items}</td><td class="num">${c.annotators}</td><td class="num">${c.labels}</td></tr>`,
  );
  const body = html`<p><a href="${urls.newCampaign()}">New campaign</a> — people match predicted steps to gold steps (the paper's Appendix F) and
    score each matched pair's condition resolution (N.4) and comprehensiveness (N.5) and each step's factuality; the
    dashboard measures their agreement and each judge's agreement with them, metric by metric.</p>
    ${
      campaigns.length
        ? html`<div class="scroll"><table><thead><tr><th>campaign</th><th>created</th><th class="num">workflows</th><th class="num">annotators</th><th class="num">decisions</th></tr></thead><tbody>${rows}</tbody></table></div>`
        : html`<p class="muted">No campaign yet.</p>`
    }`;
  return page({ title: "Annotation campaigns", section: "campaigns", body, css: CSS });
}

/**
 * Client code both manager pages share: an annotator link shown as a link to open and a button that copies it (the
 * clipboard where the page may write it, else the link's text selected for Ctrl+C).
 */
const LINK_SCRIPT = `
function showLink(container, url) {
  const a = document.createElement("a"); a.href = url; a.textContent = url; a.className = "annotator-link";
  a.target = "_blank"; a.rel = "noreferrer";
  const copy = document.createElement("button"); copy.type = "button"; copy.textContent = "copy"; copy.className = "copy";
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = "copied"; }
    catch { const r = document.createRange(); r.selectNodeContents(a); const s = getSelection(); s.removeAllRanges(); s.addRange(r); copy.textContent = "selected: Ctrl+C"; }
  });
  container.replaceChildren(a, " ", copy);
}`;

const NEW_SCRIPT = `${LINK_SCRIPT}
document.getElementById("select-all").addEventListener("change", (event) => {
  for (const box of document.querySelectorAll("input[name=run]")) box.checked = event.target.checked;
});
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
    const where = document.createElement("span"); showLink(where, new URL(link.url, location.href).href);
    li.append(b, where); list.append(li);
  }
  out.append(list);
});`;

export function newCampaignPage(ctx: StudioContext, query: Record<string, string>): string {
  const filter = RunPageFilter.parse({
    ...Object.fromEntries(Object.entries(query).filter(([k, v]) => v !== "" && k in RunPageFilter.shape)),
    status: "done",
  });
  const { rows, total } = runPage(ctx.store.db, filter, {
    order: { sort: "task", dir: "asc" },
    limit: RUNS_OFFERED,
  });
  // Within a task, `original` before `mixed` (the benchmark's order), then agent and batch: a task's runs read alike.
  const splits = splitOrder(rows.map((r) => r.split ?? ""));
  rows.sort(
    (a, b) =>
      a.task.localeCompare(b.task) ||
      splits.indexOf(a.split ?? "") - splits.indexOf(b.split ?? "") ||
      a.agent.localeCompare(b.agent) ||
      (a.batch ?? "").localeCompare(b.batch ?? ""),
  );
  const f = ctx.facets();
  const select = (name: "suite" | "task" | "split" | "agent" | "model" | "batch") =>
    html`<label>${name}<select name="${name}"><option value="">all</option>${f[name].map(
      (v) => html`<option${query[name] === v ? html` selected` : ""}>${v}</option>`,
    )}</select></label>`;
  const runRows = rows.map(
    (r) => html`<tr><td><input type="checkbox" name="run" value="${r.id}" aria-label="run ${r.id}"></td>
      <td>${r.task}</td><td>${r.split ?? ""}</td><td>${r.agent}</td><td>${r.model}</td><td>${r.batch ?? ""}</td>
      <td class="num">${score(r.metrics.f1?.value)}</td><td class="small" style="white-space:nowrap"><a href="${urls.run(r.id)}">${r.id}</a></td></tr>`,
  );
  const body = html`<form class="filters" method="get" action="${urls.newCampaign()}">
      ${(["suite", "task", "split", "agent", "model", "batch"] as const).map(select)}<button>Filter runs</button></form>
    <form id="campaign-form">
      <h2>Runs (tasks × agents)</h2>
      <p class="muted small">${total} finished run${total === 1 ? "" : "s"} match${total > RUNS_OFFERED ? html`; the first ${RUNS_OFFERED} are listed — narrow the filters` : ""}.
        Annotators see each run's judged workflow (personalized, else generic) against its task's gold steps, without the agent's name.</p>
      <div class="scroll"><table><thead><tr><th><input type="checkbox" id="select-all" aria-label="select every run listed"></th><th>task</th><th>split</th><th>agent</th><th>model</th><th>batch</th><th class="num">F1</th><th>run</th></tr></thead><tbody>${runRows}</tbody></table></div>
      <h2>Campaign</h2>
      <p><label>Name<br><input name="name" size="50" required></label></p>
      <p><label>Annotators, one name per line (each gets their own link)<br><textarea name="annotators" rows="4" cols="40" required></textarea></label></p>
      <p><label>Guideline (the paper's F.1 protocol by default)<br><textarea name="guideline" rows="12" cols="110" style="width:100%">${DEFAULT_GUIDELINE}</textarea></label></p>
      <p><button type="submit">Create campaign</button></p>
    </form>
    <div id="created" role="status"></div>`;
  return page({ title: "New annotation campaign", section: "campaigns", body, css: CSS, script: NEW_SCRIPT });
}

export type DashboardView = {
  campaign: CampaignRow;
  annotators: AnnotatorRow[];
  workflows: CampaignWorkflow[];
  labels: LabelRow[];
  /** The adjudicators' final decisions on steps the annotators disagree on. */
  adjudications: AdjudicationRow[];
  agreement: CampaignAgreement;
  /** Every labelled metric against each judge, from `humanAgreement` (the human-agreement bench's function). */
  metrics: HumanAgreement;
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
  const { campaign, annotators, workflows, labels, adjudications, agreement: a } = view;
  const names = new Map(annotators.map((x) => [x.id, x.name]));
  const total = workflows.reduce((s, w) => s + w.predicted.length, 0);
  const progress = annotators.map((x) => {
    const done = labels.filter((l) => l.annotator_id === x.id).length;
    return html`<tr><td>${x.name}</td><td class="num">${done} / ${total}</td>
      <td><button type="button" data-new-link="${x.id}">new link</button> <span class="link" id="link-${x.id}"></span></td></tr>`;
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
  const m = view.metrics;
  const judgeRows = judgeNames.flatMap((j) =>
    LABELLED_METRICS.map((metric) => {
      const x = m.metrics[metric][j];
      return html`<tr data-judge="${j}" data-metric="${metric}"><td title="${j}">${judgeLabel(j)}</td><td>${metricLabel(metric).long}</td>
        <td class="num n">${x?.n ?? 0}</td><td class="num pearson">${num(x?.pearson)}</td>
        <td class="num mad">${score(x?.meanAbsoluteDifference)}</td>
        <td class="num pref">${x?.preference.pairs ? `${x.preference.agree} of ${x.preference.pairs}` : "—"}</td></tr>`;
    }),
  );
  const ann = m.annotators;
  const metricRows = m.packets.map((r) => {
    const cw = workflows.find((x) => x.item === r.id)!;
    return html`<tr data-item="${r.id}"><td>${r.task}</td><td>${r.source ?? ""}</td><td class="small"><a href="${urls.run(cw.runId)}">${cw.runId}</a></td>
      ${LABELLED_METRICS.map(
        (metric) => html`<td class="num human" data-metric="${metric}">${score(r.human[metric])}</td>
        ${judgeNames.map((j) => html`<td class="num" data-metric="${metric}" data-judge="${j}">${score(r.judges[j]?.[metric])}</td>`)}`,
      )}</tr>`;
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
  const adjudicated = new Map(adjudications.map((x) => [`${x.item_id}\u0000${x.step}`, x]));
  const disagreements = a.disagreements.map((d) => {
    const w = byItem.get(d.item)!;
    const step = w.predicted[d.step - 1];
    const final = adjudicated.get(`${d.item}\u0000${d.step}`);
    // The annotators' choices first (who chose each), then unmatched and every other gold step of the task.
    const chosen = [...new Set(Object.values(d.labels))];
    const who = (g: number | null) =>
      annotators
        .filter((x) => d.labels[x.id] === g)
        .map((x) => names.get(x.id))
        .join(", ");
    const option = (g: number | null, label: string) =>
      html`<option value="${g === null ? "none" : String(g)}"${final !== undefined && final.gold_step === g ? html` selected` : ""}>${label}</option>`;
    const options = [
      ...chosen.map((g) => option(g, `${choice(g)} (${who(g)})`)),
      ...(chosen.includes(null) ? [] : [option(null, "unmatched")]),
      ...w.gold.filter((g) => !chosen.includes(g.item)).map((g) => option(g.item, `G${g.item} ${g.title}`)),
    ];
    return html`<tr data-item="${d.item}" data-step="${d.step}"><td>${w.task}</td><td>${w.agent}</td><td><b>P${d.step}</b> ${step?.title ?? ""}</td>
      ${annotators.map((x) => {
        const note = notes.get(`${x.id}\u0000${d.item}\u0000${d.step}`);
        return html`<td>${choice(d.labels[x.id])}${note ? html`<div class="small muted">${note}</div>` : ""}</td>`;
      })}
      <td>${choice(d.majority)}</td>
      <td class="final">${final ? html`<b>${choice(final.gold_step)}</b><div class="small muted">by ${final.adjudicator}${final.note ? ` — ${final.note}` : ""}</div>` : html`<span class="muted">not yet</span>`}</td>
      <td class="adjudicate"><select class="adj-gold" aria-label="final decision for P${d.step}">${final ? "" : html`<option value="" selected>choose…</option>`}${options}</select>
        <input class="adj-note" placeholder="note" maxlength="2000" value="${final?.note ?? ""}" aria-label="adjudication note">
        <button type="button" class="adj-set">set</button>${final ? html` <button type="button" class="adj-clear">clear</button>` : ""}</td></tr>`;
  });
  const body = html`<p class="muted">${workflows.length} workflows (${new Set(workflows.map((w) => w.task)).size} tasks) ·
      ${annotators.length} annotators · created ${campaign.created_at.slice(0, 16)} ·
      <a href="${urls.campaign(campaign.id)}/labels.jsonl" id="export">export labels (JSONL)</a></p>
    <details><summary>Guideline</summary><pre>${campaign.guideline}</pre></details>
    <h2>Progress</h2>
    <div class="scroll"><table><thead><tr><th>annotator</th><th class="num">decisions</th><th>link</th></tr></thead><tbody>${progress}</tbody></table></div>
    <h2>Agreement between annotators</h2>
    <p class="muted small">Over the ${a.complete} of ${a.decisions} predicted-step decisions every annotator has made; a decision's
      category is the gold step chosen or "unmatched".</p>
    <table id="agreement"><tbody>
      <tr><th>all agree</th><td class="num" id="all-agree">${pct(a.allAgree)}</td></tr>
      <tr><th>majority agrees</th><td class="num" id="majority-agree">${pct(a.majorityAgree)}</td></tr>
      <tr><th>Fleiss' κ</th><td class="num" id="kappa">${num(a.fleiss?.kappa)}</td></tr>
    </tbody></table>
    <div class="scroll"><table id="metric-agreement"><thead><tr><th>labels</th><th class="num">subjects</th><th class="num">Fleiss' κ</th><th>pairwise</th></tr></thead><tbody>
      <tr data-labels="condition_resolution"><th>condition resolution (N.4, per matched conditional gold step)</th>
        <td class="num">${ann.conditionResolution.subjects}</td><td class="num kappa">${num(ann.conditionResolution.kappa)}</td>
        <td class="small">${ann.conditionResolution.pairwise.map((p) => `${names.get(p.a) ?? p.a}/${names.get(p.b) ?? p.b} ${pct(p.agreement)}`).join(" · ")}</td></tr>
      <tr data-labels="personalized_comprehensiveness"><th>comprehensiveness (N.5, mean |difference| ×100 of a pair's four-dimension average)</th>
        <td class="num">${ann.comprehensiveness.pairs.reduce((s, p) => Math.max(s, p.n), 0)}</td><td class="num">—</td>
        <td class="small mad">${ann.comprehensiveness.pairs.map((p) => `${names.get(p.a) ?? p.a}/${names.get(p.b) ?? p.b} ${score(p.meanAbsoluteDifference)}`).join(" · ")}</td></tr>
      <tr data-labels="factuality"><th>factuality (per predicted step: supported by its cited documents)</th>
        <td class="num">${ann.factuality.subjects}</td><td class="num kappa">${num(ann.factuality.kappa)}</td>
        <td class="small">${ann.factuality.pairwise.map((p) => `${names.get(p.a) ?? p.a}/${names.get(p.b) ?? p.b} ${pct(p.agreement)}`).join(" · ")}</td></tr>
    </tbody></table></div>
    <h2>Humans and judges, metric by metric</h2>
    <p class="muted small">Each judge's score against the annotator average over the workflows both scored: Pearson r, mean
      |difference| (×100) and, within each task, how many of the pairs of workflows the annotators rank are ranked the same
      way — the figures <code>bun scripts/bench/judge-humans.ts</code> prints for a labelled set, from the same function.</p>
    ${missing.map((x) => html`<p class="ref missing-judge">${x}</p>`)}
    ${
      judgeNames.length
        ? html`<div class="scroll"><table id="judges"><thead><tr><th>judge</th><th>metric</th><th class="num">workflows</th><th class="num">Pearson r</th><th class="num">mean |difference| (×100)</th><th class="num">preferred (within task)</th></tr></thead><tbody>${judgeRows}</tbody></table></div>`
        : ""
    }
    ${
      LABELLED_METRICS.some((metric) => Object.values(m.metrics[metric]).some((x) => x.n > 0 && x.n < 3))
        ? html`<p class="muted small">Pearson r over fewer than three workflows is ±1 or undefined by construction: annotate more
            workflows before reading it.</p>`
        : ""
    }
    <h3>Scores per workflow (×100)</h3>
    <div class="scroll"><table id="metric-scores"><thead><tr><th>task</th><th>agent</th><th>run</th>
      ${LABELLED_METRICS.map(
        (metric) =>
          html`<th class="num">${metricLabel(metric).short} human</th>${judgeNames.map((j) => html`<th class="num" title="${j}">${metricLabel(metric).short} ${judgeLabel(j)}</th>`)}`,
      )}</tr></thead><tbody>${metricRows}</tbody></table></div>
    <div id="f1-plot">${f1Plot(a)}</div>
    <h2>F1 per task and agent (×100)</h2>
    <div class="scroll"><table id="workflows"><thead><tr><th>task</th><th>agent</th><th>run</th><th class="num">predicted</th><th class="num">gold</th>
      ${annotators.map((x) => html`<th class="num">F1 ${x.name}</th>`)}<th class="num">human avg</th>
      ${judgeNames.map((j) => html`<th class="num" title="${j}">F1 ${judgeLabel(j)}</th>`)}<th></th></tr></thead><tbody>${wfRows}</tbody></table></div>
    <h2>Disagreements to adjudicate (${a.disagreements.length})</h2>
    ${
      a.disagreements.length
        ? html`<p class="muted small" id="adjudication-summary">${a.disagreements.filter((d) => d.adjudicated !== undefined).length} of ${a.disagreements.length} adjudicated.
            An adjudicator picks or sets the final decision of a step; F1 per annotator, the human average and every
            human-vs-judge figure above read the final decisions (an adjudicated step counts as decided for each annotator),
            the agreement between annotators (shares, κ) their own labels. <a href="${urls.campaign(campaign.id)}/adjudications.jsonl" id="export-adjudications">export adjudications (JSONL)</a></p>
          <p><label>adjudicator <input id="adjudicator" maxlength="200" placeholder="your name (stored and exported)"></label>
            <span id="adjudication-status" class="small" role="status"></span></p>
          <div class="scroll"><table id="disagreements" data-noexport><thead><tr><th>task</th><th>agent</th><th>predicted step</th>${annotators.map((x) => html`<th>${names.get(x.id)}</th>`)}<th>majority</th><th>final</th><th>adjudicate</th></tr></thead><tbody>${disagreements}</tbody></table></div>`
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
    css: CSS,
    script: dashboardScript(campaign.id),
  });
}

function dashboardScript(id: string): string {
  const base = JSON.stringify(urls.campaign(id));
  return `${LINK_SCRIPT}
for (const button of document.querySelectorAll("button[data-new-link]")) {
  button.addEventListener("click", async () => {
    const id = button.dataset.newLink;
    const response = await fetch(${base} + "/annotators/" + id + "/link", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const data = await response.json().catch(() => ({}));
    const where = document.getElementById("link-" + id);
    if (response.ok) showLink(where, new URL(data.url, location.href).href);
    else where.textContent = data.error ?? "failed";
  });
}
const adjudicator = document.getElementById("adjudicator");
if (adjudicator) {
  adjudicator.value = localStorage.getItem("drflow.adjudicator") || "";
  adjudicator.addEventListener("change", () => localStorage.setItem("drflow.adjudicator", adjudicator.value.trim()));
}
async function adjudicate(row, body) {
  const status = document.getElementById("adjudication-status");
  const response = await fetch(${base} + "/adjudications", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ item: row.dataset.item, step: Number(row.dataset.step), ...body }) });
  const data = await response.json().catch(() => ({}));
  if (response.ok) { location.reload(); return; }
  status.textContent = data.error ?? "HTTP " + response.status;
  status.className = "small loss";
}
for (const button of document.querySelectorAll("#disagreements .adj-set")) {
  button.addEventListener("click", () => {
    const row = button.closest("tr");
    const value = row.querySelector(".adj-gold").value;
    const status = document.getElementById("adjudication-status");
    if (!adjudicator.value.trim()) { status.textContent = "Type your name as adjudicator first."; status.className = "small loss"; adjudicator.focus(); return; }
    if (!value) { status.textContent = "Choose the final decision first."; status.className = "small loss"; return; }
    adjudicate(row, { gold: value === "none" ? null : Number(value), adjudicator: adjudicator.value.trim(), note: row.querySelector(".adj-note").value });
  });
}
for (const button of document.querySelectorAll("#disagreements .adj-clear"))
  button.addEventListener("click", () => adjudicate(button.closest("tr"), { clear: true }));
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
