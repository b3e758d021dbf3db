/** @module Plain-text rendering of an evaluation: the metric table, the per-step alignment table, report problems, repeat agreement. */

import type { Report } from "../core/index.ts";
import { textTable } from "../core/text-table.ts";
import { metricLabel } from "./metrics/index.ts";
import { judgedSteps } from "./predicted.ts";
import type { AlignmentRow, EvaluationResult } from "./result.ts";

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function alignmentTable(rows: readonly AlignmentRow[], titles: Map<string, string>): string {
  return textTable(
    ["step", "title", "aligned", "proposed", "conf", "outcome"],
    rows.map((r) => [
      r.source,
      cut(titles.get(r.source) ?? "", 44),
      r.aligned ?? "–",
      r.proposed ?? "–",
      r.confidence === null ? "–" : r.confidence.toFixed(3),
      r.outcome,
    ]),
  );
}

/** The evaluation as text: metrics (×100, scored/unscored, tokens), alignment tables, problems, repeats. */
export function formatEvaluation(
  result: EvaluationResult,
  report?: Report,
  goldTitles?: Map<number, string>,
): string {
  const metricRows = result.metrics.map((m) => [
    metricLabel(m.metric).long,
    m.not_applicable ? "n/a" : m.value === null ? "–" : (m.value * 100).toFixed(2),
    String(m.scored),
    String(m.unscored),
    String(m.tokens),
  ]);
  const titles = new Map<string, string>();
  const predicted = report ? judgedSteps(report) : [];
  for (const s of predicted) titles.set(`PRED_STEP_${s.item}`, s.title);
  for (const [item, title] of goldTitles ?? []) titles.set(`WORKFLOW_STEP_${item}`, title);
  const parts = [
    `task ${result.task_id} · judge ${result.judge} · protocol ${result.protocol} · ${result.tokens} judge tokens`,
    "",
    textTable(["metric", "value", "scored", "unscored", "tokens"], metricRows),
  ];
  for (const w of result.warnings) parts.push(`warning: ${w}`);
  const na = result.metrics.filter((m) => m.not_applicable);
  for (const m of na) parts.push(`${metricLabel(m.metric).long} not applicable: ${m.not_applicable}`);
  if (result.alignment.precision.length) {
    parts.push(
      "",
      "precision alignment (predicted step → golden step):",
      alignmentTable(result.alignment.precision, titles),
    );
  }
  if (result.alignment.recall.length) {
    parts.push(
      "",
      "recall alignment (golden step → predicted step):",
      alignmentTable(result.alignment.recall, titles),
    );
  }
  if (result.problems.length) {
    parts.push("", `report problems (${result.problems.length}):`);
    for (const p of result.problems) parts.push(`  ${p.section}${p.path ? ` ${p.path}` : ""}: ${p.message}`);
  }
  if (result.repeats) {
    const r = result.repeats;
    parts.push(
      "",
      `repeats: ${r.repeats}, identical alignment decisions ${r.alignment_agreement === null ? "–" : `${(r.alignment_agreement * 100).toFixed(1)}%`} of ${r.decisions}`,
      textTable(
        ["metric", "values", "spread (max-min)", "std"],
        r.spread.map((s) => [
          metricLabel(s.metric).long,
          s.values.map((v) => (v === null ? "–" : (v * 100).toFixed(2))).join(" "),
          s.max === null ? "–" : ((s.max - s.min!) * 100).toFixed(2),
          s.std === null ? "–" : (s.std * 100).toFixed(2),
        ]),
      ),
    );
  }
  return parts.join("\n");
}
