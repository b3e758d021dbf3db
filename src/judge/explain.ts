/**
 * @module Why each score is what it is: per metric, every decision with the evidence behind it (aligned pairs with their
 * similarity, claims with their best cited chunk, specifics credited, missing and misplaced). A zod-typed object, so the
 * CLI (`drflow judge --explain`) and the studio's judgment page render the same thing.
 */

import { z } from "zod";
import { ItemEvidence, MetricName, type MetricResult, metricStatus, type ReportStep } from "../core/index.ts";
import { excerptAround } from "./excerpt.ts";
import type { GoldStep } from "./gold.ts";
import { metricLabel } from "./metrics/index.ts";
import { predStepId } from "./metrics/precision.ts";

export const ExplainedDecision = z.object({
  /** `PRED_STEP_<n>`, `WORKFLOW_STEP_<n>`, a pair `PRED_STEP_1~PRED_STEP_2`, `INSIGHT_<n>`, an evidence unit id. */
  id: z.string(),
  /** The step's title when the id names a step. */
  title: z.string(),
  score: z.number().nullable(),
  matched: z.string().nullable(),
  matched_title: z.string(),
  /** Alignment confidence (cosine for the lexical judge) or the placement share behind a comprehensiveness score. */
  similarity: z.number().nullable(),
  why: z.string(),
  evidence: ItemEvidence.nullable(),
});
export type ExplainedDecision = z.infer<typeof ExplainedDecision>;

export const ExplainedMetric = z.object({
  metric: MetricName,
  label: z.string(),
  status: z.enum(["scored", "not_applicable", "unscored"]),
  value: z.number().nullable(),
  /** One line: the not-applicable reason, or how the value was reached. */
  summary: z.string(),
  decisions: z.array(ExplainedDecision),
});
export type ExplainedMetric = z.infer<typeof ExplainedMetric>;

export const Explanation = z.object({
  task_id: z.string(),
  judge: z.string(),
  warnings: z.array(z.string()),
  metrics: z.array(ExplainedMetric),
});
export type Explanation = z.infer<typeof Explanation>;

function summaryOf(m: MetricResult): string {
  if (m.not_applicable) return `not applicable: ${m.not_applicable}`;
  const scored = m.items.filter((i) => i.score !== null);
  const full = scored.filter((i) => i.score === 1).length;
  const base = `${m.items.length} decision${m.items.length === 1 ? "" : "s"}, ${scored.length} scored`;
  const detail =
    m.metric === "precision" || m.metric === "recall" || m.metric === "factuality" || m.metric === "topology"
      ? `, ${full} credited`
      : "";
  const unscored = m.unscored > 0 ? `, ${m.unscored} unscored (judge replies not read)` : "";
  return m.value === null && m.items.length === 0
    ? "unscored: nothing could be judged"
    : `${base}${detail}${unscored}`;
}

/** The explanation of a set of metric results, with step titles from the report's predicted steps and the golden steps. */
export function explainMetrics(
  taskId: string,
  judge: string,
  warnings: readonly string[],
  metrics: readonly MetricResult[],
  predicted: readonly ReportStep[],
  gold: readonly GoldStep[],
): Explanation {
  const titles = new Map<string, string>([
    ...predicted.map((s) => [predStepId(s.item), s.title] as const),
    ...gold.map((g) => [g.id, g.title] as const),
  ]);
  const titleOf = (id: string | null) =>
    id === null
      ? ""
      : id
          .split(/[~,]/)
          .map((part) => titles.get(part) ?? "")
          .filter(Boolean)
          .join(" ~ ");
  return Explanation.parse({
    task_id: taskId,
    judge,
    warnings: [...warnings],
    metrics: metrics.map((m) => ({
      metric: m.metric,
      label: metricLabel(m.metric).long,
      status: metricStatus(m),
      value: m.value,
      summary: summaryOf(m),
      decisions: m.items.map((i) => ({
        id: i.id,
        title: titleOf(i.id),
        score: i.score,
        matched: i.matched,
        matched_title: titleOf(i.matched),
        similarity: i.confidence ?? i.evidence?.similarity ?? null,
        why: i.justification,
        evidence: i.evidence ?? null,
      })),
    })),
  });
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The explanation as text: per metric its value and summary, then one block per decision with its evidence. */
export function formatExplanation(explanation: Explanation): string {
  const out: string[] = [`why: task ${explanation.task_id} · judge ${explanation.judge}`];
  for (const w of explanation.warnings) out.push(`warning: ${w}`);
  for (const m of explanation.metrics) {
    const value = m.value === null ? "–" : (m.value * 100).toFixed(2);
    out.push("", `${m.label}: ${value} (${m.status}) — ${m.summary}`);
    // Topology's pairs in gold order are the rule: counted, and only the reversed ones listed.
    const listed = m.metric === "topology" ? m.decisions.filter((d) => d.score !== 1) : m.decisions;
    if (listed.length < m.decisions.length)
      out.push(
        `  ${m.decisions.length - listed.length} pair(s) in the same relative order as the gold (not listed)`,
      );
    for (const d of listed) {
      const score = d.score === null ? "unscored" : String(Math.round(d.score * 1000) / 1000);
      const sim = d.similarity === null ? "" : ` sim ${d.similarity.toFixed(3)}`;
      const target = d.matched
        ? ` → ${d.matched}${d.matched_title ? ` "${cut(d.matched_title, 50)}"` : ""}`
        : "";
      out.push(
        `  ${d.id}${d.title ? ` "${cut(d.title, 50)}"` : ""}${target}: ${score}${sim} — ${cut(d.why, 160)}`,
      );
      const e = d.evidence;
      if (!e) continue;
      if (e.text && m.metric === "factuality") out.push(`      claim: ${cut(e.text, 160)}`);
      if (e.support && m.metric === "factuality")
        out.push(
          `      best cited chunk${e.source ? ` [${e.source}]` : ""}: ${e.text ? excerptAround(e.support, e.text, 240) : cut(e.support, 240)}`,
        );
      if (e.credited) out.push(`      credited: ${e.credited.length ? e.credited.join(", ") : "none"}`);
      if (e.missing?.length) out.push(`      missing: ${e.missing.join(", ")}`);
      if (e.misplaced?.length)
        out.push(`      belongs elsewhere: ${e.misplaced.map((x) => cut(x, 80)).join("; ")}`);
    }
  }
  return out.join("\n");
}
