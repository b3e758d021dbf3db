/** @module A run's judgment: per metric the decisions behind the score, for the lexical and LLM judges alike, and the LLM judge's raw replies. */

import type { MetricResult } from "../../core/index.ts";
import { goldSteps } from "../../judge/gold.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import { outcomeOf } from "../../store/run-pages.ts";
import type { StudioContext } from "../context.ts";
import { badge, type Html, html, page, score, table, usd } from "../html.ts";
import { explain, type StepRef } from "../judgment/explain.ts";
import { urls } from "../urls.ts";
import { citationLink } from "./run.ts";

const step = (s: StepRef | null) =>
  s
    ? html`<b>${s.id.replace("WORKFLOW_STEP_", "gold ").replace("PRED_STEP_", "pred ")}</b> ${s.title}`
    : html`<span class="muted">—</span>`;
const sim = (v: number | null) => (v === null ? "—" : v.toFixed(3));

export async function judgmentPage(ctx: StudioContext, id: string): Promise<string | null> {
  const run = ctx.store.getRun(id);
  if (run?.kind !== "agent") return null;
  const report = ctx.store.getReport(id);
  const loaded = await ctx.task(run.task);
  const gold = loaded ? goldSteps(loaded.task) : [];
  const order = (m: string) => metricNames("drflow").indexOf(m) >>> 0;
  const rows = ctx.store.metrics({ run: id }).sort((a, b) => order(a.result.metric) - order(b.result.metric));
  const cite = (k: string) => (report ? citationLink(report, loaded, run.task, k, id) : html`${k}`);
  const docOf = (sourceId: string) =>
    loaded?.manifest.artifacts.some((a) => a.id === sourceId)
      ? html`<a href="${urls.document(run.task, sourceId, id)}">${sourceId}</a> `
      : html`<code>${sourceId}</code> `;

  const section = (r: (typeof rows)[number]): Html => {
    const result: MetricResult = r.result;
    const ex = explain({ result, report, gold });
    const j = result.judge;
    const head = html`<h2 id="${result.metric}">${metricLabel(result.metric).long}: ${score(result.value)}</h2>
      <p class="small muted">${result.scored} scored · ${result.unscored} unscored · ${outcomeOf(result).replace("_", " ")}${result.not_applicable ? `: ${result.not_applicable}` : ""} · judge ${j.judge}${j.model ? ` (${j.model})` : ""} · protocol ${j.protocol}${j.prompt_hash ? ` · prompt ${j.prompt_hash}` : ""} · evaluation <code>${r.evaluation}</code></p>`;
    const parts: Html[] = [head];
    if (ex.pairs.length)
      parts.push(
        html`<h3>Aligned pairs</h3>${table(
          ex.pairs,
          [
            { label: "gold step", cell: (p) => step(p.gold) },
            { label: "predicted step", cell: (p) => step(p.predicted) },
            { label: "similarity", num: true, cell: (p) => sim(p.similarity) },
            { label: "score", num: true, cell: (p) => (p.score === null ? "unscored" : p.score) },
            { label: "decision", cell: (p) => html`<span class="small">${p.note}</span>` },
          ],
          `class="alignment" id="alignment-${result.metric}"`,
        )}`,
      );
    if (result.metric === "recall")
      parts.push(
        html`<h3>Gold steps no predicted step covers (${ex.unmatchedGold.length})</h3>${
          ex.unmatchedGold.length
            ? table(ex.unmatchedGold, [
                { label: "gold step", cell: (p) => step(p.gold) },
                { label: "text", cell: (p) => html`<span class="small">${p.gold?.text ?? ""}</span>` },
                { label: "decision", cell: (p) => html`<span class="small">${p.note}</span>` },
              ])
            : html`<p class="muted small">none</p>`
        }`,
      );
    if (result.metric === "precision")
      parts.push(
        html`<h3>Predicted steps matching no gold step (${ex.unmatchedPredicted.length})</h3>${
          ex.unmatchedPredicted.length
            ? table(ex.unmatchedPredicted, [
                { label: "predicted step", cell: (p) => step(p.predicted) },
                { label: "text", cell: (p) => html`<span class="small">${p.predicted?.text ?? ""}</span>` },
                { label: "cited", cell: (p) => p.predicted?.citations.map(cite) ?? "" },
                { label: "decision", cell: (p) => html`<span class="small">${p.note}</span>` },
              ])
            : html`<p class="muted small">none</p>`
        }`,
      );
    if (ex.conditions.length)
      parts.push(
        table(
          ex.conditions,
          [
            { label: "gold step", cell: (c) => step(c.gold) },
            { label: "condition", cell: (c) => html`<span class="small">${c.condition}</span>` },
            { label: "expected branch", cell: (c) => html`<span class="small">${c.expected || "—"}</span>` },
            {
              label: "predicted",
              cell: (c) => html`${step(c.predicted)}<div class="small">${c.predictedText}</div>`,
            },
            {
              label: "evidence",
              cell: (c) =>
                c.evidence.length
                  ? c.evidence.map((e) => html`<div class="small">${e.text} ${e.citations.map(cite)}</div>`)
                  : html`<span class="muted small">no condition row of the report names it</span>`,
            },
            { label: "score", num: true, cell: (c) => (c.score === null ? "unscored" : c.score) },
            { label: "decision", cell: (c) => html`<span class="small">${c.note}</span>` },
          ],
          'class="conditions"',
        ),
      );
    if (ex.claims.length)
      parts.push(
        table(
          ex.claims,
          [
            {
              label: "claim (predicted step)",
              cell: (c) => html`${step(c.step)}<div class="small">${c.step?.text ?? ""}</div>`,
            },
            { label: "cited", cell: (c) => c.step?.citations.map(cite) ?? "" },
            {
              label: "supporting sources",
              cell: (c) => (c.sources.length ? c.sources.map(docOf) : html`<span class="muted">none</span>`),
            },
            {
              label: "best cited chunk",
              cell: (c) =>
                c.support
                  ? html`<div class="small">${c.support.source ? docOf(c.support.source) : ""}<q>${c.support.text}</q></div>`
                  : html`<span class="muted small">—</span>`,
            },
            { label: "factual", num: true, cell: (c) => (c.score === null ? "unscored" : c.score) },
            { label: "decision", cell: (c) => html`<span class="small">${c.note}</span>` },
          ],
          'class="claims"',
        ),
      );
    if (ex.specifics.length)
      parts.push(
        table(
          ex.specifics,
          [
            { label: "predicted step", cell: (s) => step(s.predicted) },
            { label: "gold step", cell: (s) => step(s.gold) },
            {
              label: "score",
              num: true,
              cell: (s) => (s.score === null ? "unscored" : (s.score * 100).toFixed(1)),
            },
            { label: "dimensions", cell: (s) => html`<span class="small">${s.note}</span>` },
            {
              label: "specifics credited",
              cell: (s) => html`<span class="small">${s.credited.join(" · ") || "—"}</span>`,
            },
            {
              label: "specifics missed",
              cell: (s) => html`<span class="small">${s.missing.join(" · ") || "—"}</span>`,
            },
            {
              label: "misplaced",
              cell: (s) => html`<span class="small">${s.misplaced.join(" · ") || "—"}</span>`,
            },
          ],
          'class="specifics"',
        ),
      );
    if (ex.other.length)
      parts.push(
        html`<details><summary>${ex.other.length} item(s)</summary>${table(ex.other, [
          { label: "item", cell: (o) => o.id },
          { label: "matched", cell: (o) => o.matched ?? "—" },
          { label: "score", num: true, cell: (o) => (o.score === null ? "unscored" : o.score) },
          { label: "decision", cell: (o) => html`<span class="small">${o.note}</span>` },
        ])}</details>`,
      );
    return html`${parts}`;
  };

  // The LLM judge's calls for this run: role "judge" (the lexical judge makes none).
  const judgeCalls = ctx.store.calls(id).filter((c) => c.role === "judge");
  const raw = judgeCalls.length
    ? html`<h2 id="llm-replies">LLM judge: raw replies (${judgeCalls.length})</h2>${judgeCalls.map((c) => {
        const ex = ctx.exchange(c.request_key);
        return html`<details class="judge-call"><summary>${c.stage} · ${c.handle} · ${c.input_tokens}/${c.output_tokens} tokens · ${usd(c.cost_usd)} · ${c.cached ? badge("cache hit", "b-done") : badge("cache miss")} · <code>${c.request_key.slice(0, 16)}</code></summary>
          ${ex ? html`${ex.messages.map((m) => html`<div class="small"><b>${m.role}</b></div><pre>${typeof m.content === "string" ? m.content : JSON.stringify(m.content, null, 2)}</pre>`)}<div class="small"><b>reply</b></div><pre>${ex.reply ?? ""}</pre>` : html`<p class="small muted">reply not in the LLM cache</p>`}</details>`;
      })}`
    : html`<p class="small muted">No LLM judge calls recorded for this run${rows.some((r) => r.result.judge.judge !== "lexical") ? " (its calls may be attributed to a separate judge run)" : " (lexical judge)"}.</p>`;

  const body = html`<p><a href="${urls.run(id)}">← run ${id}</a> · ${run.task} · ${run.split ?? ""} · ${run.agent} · ${run.model || "no model"}</p>
    <p class="small">${rows.map((r) => html`<a href="#${r.result.metric}">${metricLabel(r.result.metric).short}</a> `)}</p>
    ${rows.length ? rows.map(section) : html`<p>No metric results stored for this run.</p>`}
    ${raw}`;
  return page({ title: `Judgment of ${id}`, section: "runs", body });
}
