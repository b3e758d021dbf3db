/** @module Plain-text rendering of a batch summary: one row per agent × model × split, metrics in percent as mean ± std. */

import type { MetricName } from "../core/index.ts";
import { redactSecrets } from "../core/redact.ts";
import { textTable } from "../core/text-table.ts";
import { metricColumns, metricLabel } from "../judge/index.ts";
import { formatCost } from "../llm/cost.ts";
import type { CellResult } from "./cells.ts";
import type { MetricSummary, SummaryRow } from "./summary.ts";

/** `57.93 ± 1.20` (percent), `57.93` when there is a single repeat, `–` when nothing was scored. */
export function formatMetric(summary: Pick<MetricSummary, "mean" | "std" | "repeats"> | undefined): string {
  if (!summary || summary.mean === null) return "–";
  const m = (summary.mean * 100).toFixed(2);
  return summary.repeats > 1 && summary.std !== null ? `${m} ± ${(summary.std * 100).toFixed(2)}` : m;
}

/** Render rows as an aligned text table; the columns default to the metrics the rows were judged on. */
export function formatSummaryTable(
  rows: readonly SummaryRow[],
  metrics: readonly MetricName[] = metricColumns(rows.map((r) => r.metrics)),
): string {
  const header = [
    "agent",
    "model",
    "split",
    "tasks",
    ...metrics.map((m) => metricLabel(m).short),
    "cost fetched",
    "at list price",
  ];
  const body = rows.map((r) => [
    r.agent,
    redactSecrets(r.model),
    r.split,
    r.failed > 0 ? `${r.tasks} (${r.failed} failed)` : String(r.tasks),
    ...metrics.map((m) => formatMetric(r.metrics[m])),
    formatCost({ usd: r.usage.costUsd, unpricedCalls: r.usage.unpricedCalls }),
    // Every call at list price, cache hits at what they first cost (what `drflow usage` shows).
    `${formatCost({ usd: r.usage.listCostUsd, unpricedCalls: r.usage.listUnpricedCalls })}${r.usage.cachedCalls ? ` (${r.usage.cachedCalls} cached)` : ""}`,
  ]);
  return textTable(header, body, { right: (i) => i >= 3 });
}

/** `scored/n.a./unscored` per metric: how many reports stand behind each mean in the summary table. */
export function formatCountsTable(
  rows: readonly SummaryRow[],
  metrics: readonly MetricName[] = metricColumns(rows.map((r) => r.metrics)),
): string {
  const header = ["agent", "model", "split", ...metrics.map((m) => metricLabel(m).short)];
  const body = rows.map((r) => [
    r.agent,
    redactSecrets(r.model),
    r.split,
    ...metrics.map((m) => {
      const c = r.metrics[m]?.counts;
      return c ? `${c.scored}/${c.not_applicable}/${c.unscored}` : "–";
    }),
  ]);
  return `reports per metric: scored/not applicable/unscored (judge failures)\n${textTable(header, body, { right: (i) => i >= 3 })}`;
}

/** What a finished grid prints: the summary table, then the counts table behind its means. */
export function formatGridSummary(rows: readonly SummaryRow[]): string {
  return `${formatSummaryTable(rows)}\n\n${formatCountsTable(rows)}`;
}

/** One line per failed cell (the first `limit`): task, agent, split and the reason. */
export function failureLines(results: readonly CellResult[], limit = 5): string[] {
  return results
    .filter((r) => r.status === "failed")
    .slice(0, limit)
    .map((f) => `  ${f.cell.task} ${f.cell.agent} ${f.cell.split}: ${f.error}`);
}
