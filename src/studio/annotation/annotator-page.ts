/**
 * @module The annotator's pages: the campaign's guideline with their workflows in their own order, and one workflow at a
 * time (gold steps beside the predicted steps). Nothing on them names an agent or a run: workflows are addressed by
 * their position in this annotator's order, and the item handle the page posts is random.
 */
import { readFileSync } from "node:fs";
import type { GoldStep } from "../../judge/gold.ts";
import { type Html, html, page, raw } from "../html.ts";
import { urls } from "../urls.ts";
import { RUBRICS } from "./rubrics.ts";
import type { AnnotatorRow, CampaignRow, LabelRow, StepScores } from "./store.ts";
import type { CampaignWorkflow } from "./workflows.ts";

const CLIENT = readFileSync(new URL("./annotate-client.js", import.meta.url), "utf8");

const CSS = `
.annot{grid-template-columns:1fr 1fr}
@media (max-width:700px){.annot{grid-template-columns:1fr}}
.scroll{overflow-x:auto;max-width:100%}
.annot ol{list-style:none;padding:0;margin:0}
#pred:focus{outline:2px solid var(--acc);outline-offset:2px}
#pred li{border:1px solid var(--line);border-radius:6px;padding:.35rem .5rem;margin:.3rem 0;cursor:pointer;background:#fff}
#pred li[aria-current=true]{border-color:var(--acc);box-shadow:0 0 0 2px #0969da55}
#pred li[data-state=match]{background:#dafbe1}#pred li[data-state=none]{background:#f6f8fa}
#pred .dec{float:right;font-weight:600}#pred li[data-state=open] .dec{color:var(--muted);font-weight:400}
#pred .acts{margin-top:.3rem;display:flex;gap:.4rem;align-items:center}#pred input.note{flex:1}
#gold button{display:block;width:100%;text-align:left;font:inherit;border:1px solid var(--line);border-radius:6px;background:#fff;padding:.35rem .5rem;margin:.3rem 0;cursor:pointer}
#gold button[data-taken=other]{opacity:.55;background:#f6f8fa}#gold button[data-taken=mine]{background:#dafbe1}
#gold .held{float:right;font-size:12px;color:var(--muted)}
.desc{font-size:12px;color:var(--muted)}
#bar{position:sticky;top:0;z-index:2;background:var(--bg,#fff);border-bottom:1px solid var(--line);padding:.3rem 0}
#status{min-height:1.4rem;margin:.2rem 0;font-weight:600}#status.bad{color:var(--bad)}#status.ok{color:var(--good)}
#buffer{font-weight:600}
#pred .scores{margin-top:.3rem;display:flex;flex-wrap:wrap;gap:.3rem .6rem;font-size:12px}#pred .scores[hidden]{display:none}
#pred .scores label{display:flex;gap:.2rem;align-items:center}#pred .scores label[hidden]{display:none}
.annot .gold-col{position:sticky;top:3.2rem;align-self:start;max-height:calc(100vh - 3.6rem);overflow-y:auto}
@media (max-width:700px){.annot .gold-col{position:static;max-height:none}}
.cond{font-size:12px;margin-top:.2rem}.rubric{white-space:pre-wrap;font-size:12px}
.keys{font-size:12px;color:var(--muted)}kbd{border:1px solid var(--line);border-radius:3px;padding:0 .25rem;background:var(--bg2)}
.pager{display:flex;gap:1rem;margin:.8rem 0}
`;

/** JSON for an inline script element: `<` escaped so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export type AnnotatorView = {
  campaign: CampaignRow;
  annotator: AnnotatorRow;
  /** Workflows in this annotator's order. */
  workflows: CampaignWorkflow[];
  labels: LabelRow[];
};

/**
 * One annotator's decisions on one workflow as its page holds them: step → gold step (null unmatched), note, and the
 * step's metric labels.
 */
export function workflowLabels(
  labels: readonly LabelRow[],
  item: string,
): Record<number, { gold: number | null; note: string } & StepScores> {
  return Object.fromEntries(
    labels
      .filter((l) => l.item_id === item)
      .map((l) => [l.step, { gold: l.gold_step, note: l.note, cr: l.cr, pc: l.pc, supported: l.supported }]),
  );
}

const TENTHS = Array.from({ length: 11 }, (_, i) => i / 10);
const DIMENSIONS = ["specificity", "personalization", "completeness", "actionability"] as const;

/** A predicted step's label controls (shown by the page script once the step is decided, as its decision allows). */
function scoreControls(step: number): Html {
  const choice = (name: string, label: string, options: [string, string][]) =>
    html`<label data-for="${name}">${label}<select data-score="${name}" data-step="${step}" aria-label="${label} of predicted step ${step}">
      <option value="">—</option>${options.map(([v, t]) => html`<option value="${v}">${t}</option>`)}</select></label>`;
  return html`<div class="scores" hidden>
    ${choice("cr", "condition", [
      ["1", "1 resolved"],
      ["0.5", "0.5 partial"],
      ["0", "0 unresolved"],
    ])}
    ${DIMENSIONS.map((d) =>
      choice(
        d,
        d,
        TENTHS.map((v) => [String(v), v.toFixed(1)]),
      ),
    )}
    ${choice("supported", "supported by its sources", [
      ["1", "yes"],
      ["0", "no"],
    ])}
  </div>`;
}

function decidedIn(labels: readonly LabelRow[], item: string): number {
  return labels.filter((l) => l.item_id === item).length;
}

/** Position of each workflow's task among the tasks, in order of first appearance. */
function taskNumbers(workflows: readonly CampaignWorkflow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of workflows) if (!out.has(w.task)) out.set(w.task, out.size + 1);
  return out;
}

export function annotatorHomePage(view: AnnotatorView): string {
  const { campaign, annotator, workflows, labels } = view;
  const tasks = taskNumbers(workflows);
  const total = workflows.reduce((s, w) => s + w.predicted.length, 0);
  const firstOpen = workflows.findIndex((w) => decidedIn(labels, w.item) < w.predicted.length);
  const rows = workflows.map((w, i) => {
    const done = decidedIn(labels, w.item);
    return html`<tr><td class="num">${i + 1}</td><td>task ${tasks.get(w.task)}</td><td>${w.question}</td>
      <td class="num">${done} / ${w.predicted.length}</td>
      <td><a href="${urls.annotate(campaign.id, annotator.id, i + 1)}">${done === w.predicted.length ? "review" : "annotate"}</a></td></tr>`;
  });
  const body = html`<p>Annotator <b>${annotator.name}</b> · ${labels.length} of ${total} decisions made.
    ${firstOpen >= 0 ? html`<a href="${urls.annotate(campaign.id, annotator.id, firstOpen + 1)}">Continue with workflow ${firstOpen + 1}</a>` : html`All done — thank you.`}</p>
    <h2>Guideline</h2><pre id="guideline">${campaign.guideline}</pre>
    <h2>Your workflows</h2>
    <div class="scroll"><table><thead><tr><th class="num">#</th><th>task</th><th>question</th><th class="num">decided</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`;
  return page({ title: campaign.name, section: "", body, nav: false, css: CSS });
}

function goldItem(g: GoldStep): Html {
  return html`<li><button type="button" data-gold="${g.item}" aria-label="gold step ${g.item}: ${g.title}">
    <span class="held"></span><b>G${g.item}</b> ${g.title}
    <div class="desc">${g.personalized_task || g.task}${g.personalized_description ? html` — ${g.personalized_description}` : ""}</div>
    ${
      g.condition
        ? html`<div class="cond"><b>Conditional:</b> ${g.condition_description}${g.answer ? html` · <b>expected for this case:</b> ${g.answer}` : ""}</div>`
        : ""
    }
  </button></li>`;
}

export function annotatorWorkflowPage(view: AnnotatorView, position: number): string | null {
  const { campaign, annotator, workflows, labels } = view;
  const w = workflows[position - 1];
  if (!w) return null;
  const tasks = taskNumbers(workflows);
  const mine = workflowLabels(labels, w.item);
  const inTask = workflows.filter((x) => x.task === w.task);
  const prev = position > 1 ? urls.annotate(campaign.id, annotator.id, position - 1) : null;
  const next = position < workflows.length ? urls.annotate(campaign.id, annotator.id, position + 1) : null;
  const state = {
    post: `${urls.annotate(campaign.id, annotator.id)}/labels`,
    item: w.item,
    steps: w.predicted.length,
    gold: w.gold.map((g) => g.item),
    conditional: w.gold.filter((g) => g.condition).map((g) => g.item),
    labels: mine,
    prev,
    next,
  };
  const predicted = w.predicted.map((s, i) => {
    const step = i + 1;
    const label = mine[step];
    return html`<li id="p-${step}" data-step="${step}" aria-current="${step === 1}">
      <span class="dec"></span><b>P${step}</b> ${s.title}
      <div class="desc">${s.task}${s.task_description ? html` — ${s.task_description}` : ""}</div>
      ${s.condition_description ? html`<div class="cond desc">Conditions stated: ${s.condition_description}</div>` : ""}
      ${s.justification ? html`<div class="desc">Justification: ${s.justification}</div>` : ""}
      ${s.citations.length ? html`<div class="desc">Cites: ${s.citations.join(", ")}</div>` : ""}
      ${scoreControls(step)}
      <div class="acts"><button type="button" data-act="none">unmatched</button><button type="button" data-act="clear">clear</button>
        <input class="note" data-step="${step}" aria-label="note on predicted step ${step}" placeholder="note (optional)" maxlength="2000" value="${label?.note ?? ""}"></div>
    </li>`;
  });
  const body = html`<p class="muted">Workflow ${position} of ${workflows.length} · task ${tasks.get(w.task)} of ${tasks.size},
      workflow ${inTask.indexOf(w) + 1} of ${inTask.length} for this task · <span id="done"></span> of ${w.predicted.length} steps decided ·
      <a href="${urls.annotate(campaign.id, annotator.id)}">all workflows</a></p>
    <div id="bar"><div id="status" role="status" aria-live="polite"></div><span id="buffer"></span></div>
    <details><summary>Guideline</summary><pre>${campaign.guideline}</pre></details>
    <details id="rubrics"><summary>Rubrics: condition resolution (N.4), comprehensiveness (N.5), factuality (N.3)</summary>
      <h3>Condition resolution — for a predicted step matched to a conditional gold step</h3><div class="rubric">${RUBRICS.conditionResolution}</div>
      <h3>Personalized comprehensiveness — for every matched pair</h3><div class="rubric">${RUBRICS.comprehensiveness}</div>
      <h3>Factuality — for every predicted step: is it supported by the documents it cites?</h3><div class="rubric">${RUBRICS.factuality}</div>
    </details>
    <p><b>Question:</b> ${w.question}</p>
    ${w.problem ? html`<p class="loss">${w.problem}</p>` : ""}
    <p class="keys"><kbd>↑</kbd>/<kbd>↓</kbd> choose a predicted step · type a gold step number, then <kbd>Enter</kbd> to match ·
      <kbd>x</kbd> unmatched · <kbd>Backspace</kbd> clear · <kbd>n</kbd> note (<kbd>Enter</kbd> to leave it) ·
      <kbd>[</kbd> / <kbd>]</kbd> previous / next workflow. Or click a predicted step, then its gold step.<br>
      Once a step is decided: <kbd>c</kbd> then <kbd>1</kbd> / <kbd>5</kbd> / <kbd>0</kbd> condition resolution 1 / 0.5 / 0 (N.4) ·
      <kbd>p</kbd> then four digits <kbd>0</kbd>–<kbd>5</kbd>, specificity, personalization, completeness, actionability in fifths
      (<kbd>5</kbd> = 1.0, <kbd>4</kbd> = 0.8 … ; N.5) · <kbd>f</kbd> then <kbd>1</kbd> / <kbd>0</kbd> supported or not by its sources ·
      <kbd>Esc</kbd> cancels. The rubrics are above.</p>

    <div class="cols annot">
      <div><h2>Predicted steps</h2>${
        w.predicted.length
          ? html`<ol id="pred" tabindex="0" aria-label="predicted steps">${predicted}</ol>`
          : html`<p class="muted">This workflow predicts no steps: nothing to decide.</p><ol id="pred" tabindex="0"></ol>`
      }</div>
      <div class="gold-col"><h2>Gold steps</h2><ol id="gold">${w.gold.map(goldItem)}</ol></div>
    </div>
    <div class="pager">${prev ? html`<a href="${prev}">← previous workflow</a>` : ""}${next ? html`<a href="${next}">next workflow →</a>` : ""}</div>
    <script type="application/json" id="annotation-state">${raw(scriptJson(state))}</script>`;
  return page({
    title: `${campaign.name} · workflow ${position}`,
    section: "",
    body,
    nav: false,
    css: CSS,
    script: CLIENT,
  });
}
