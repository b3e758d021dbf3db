/** @module Presentation helpers shared by the notebooks: aggregate cells → table rows, long-form chart data. */

import type { AggregateCell } from "../../src/analysis/index.ts";
import { formatMeanStd } from "../../src/analysis/index.ts";
import type { MetricName } from "../../src/core/index.ts";
import { metricColumns, metricLabel, metricNames } from "../../src/judge/index.ts";

/** `[scored/not applicable/unscored]`: the reports behind a mean, so nothing hides in an average. */
function countsText(c: AggregateCell, m: MetricName): string {
  const n = c.counts[m];
  return n ? ` [${n.scored}/${n.not_applicable}/${n.unscored}]` : "";
}

/**
 * One table row per aggregate cell: the group columns, then each metric of the cells' task kinds (DRFlow's, DRBench's,
 * or both) as "mean ± std" on 0–100 followed by the reports behind it, `[scored/not applicable/unscored]`.
 */
export function metricTable(cells: readonly AggregateCell[]): Record<string, unknown>[] {
  // The columns of the task kinds in the cells: DRFlow's seven, DRBench's, or both for a mixed selection.
  const columns = metricColumns(cells.map((c) => c.metrics));
  return cells.map((c) => ({
    ...c.group,
    tasks: c.tasks,
    repeats: c.repeats,
    ...Object.fromEntries(
      columns.map((m) => [
        metricLabel(m).short,
        `${c.metrics[m] ? formatMeanStd(c.metrics[m]) : "—"}${countsText(c, m)}`,
      ]),
    ),
  }));
}

/** The caption note that explains the bracketed counts of `metricTable`. */
export const COUNTS_NOTE =
  "[scored/not applicable/unscored] = reports behind each mean: not applicable is decided by the task alone; unscored are judge failures, left out and shown.";

/** Long-form points for charts: one per (cell, metric) with the mean on 0–100. */
export function metricPoints(
  cells: readonly AggregateCell[],
  metrics: readonly MetricName[] = metricNames("drflow"),
) {
  return cells.flatMap((c) =>
    metrics
      .filter((m) => c.metrics[m]?.mean != null)
      .map((m) => ({ ...c.group, metric: metricLabel(m).short, value: c.metrics[m]!.mean! * 100 })),
  );
}

export function pct(x: number | null | undefined, digits = 1): string {
  return x === null || x === undefined ? "—" : `${(x * 100).toFixed(digits)}%`;
}
