/** @module The batch summary: per agent × model × split, each metric's mean ± std over repeats (task means per repeat). */

import { mean, std } from "../analysis/stats.ts";
import {
  addRunUsage,
  type MetricName,
  noRunUsage,
  RunUsage,
  type Split,
  Split as SplitName,
} from "../core/index.ts";
import { metricColumns } from "../judge/index.ts";
import type { CellResult } from "./cells.ts";

/** A finite number (a metric value that was scored). */
function isScored(v: number | null | undefined): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

/** Reports behind a metric's mean: scored, not applicable to their task, unscored (the judge failed). */
export type MetricCounts = { scored: number; not_applicable: number; unscored: number };

export type MetricSummary = {
  mean: number | null;
  std: number | null;
  repeats: number;
  counts: MetricCounts;
};

export type SummaryRow = {
  agent: string;
  model: string;
  split: Split;
  /** Distinct tasks with a finished cell. */
  tasks: number;
  /** Finished cells counted / failed cells left out. */
  cells: number;
  failed: number;
  metrics: Partial<Record<MetricName, MetricSummary>>;
  /** The cells' calls: fetched tokens and cost, and the cost at list price with cache hits (`RunUsage`). */
  usage: RunUsage;
};

/**
 * Aggregate finished cells. For each repeat, a metric's value is the mean over that repeat's tasks where it was scored;
 * the row reports the mean and sample std of those per-repeat means, and how many reports were scored, not applicable
 * (decided by the task alone, so every agent leaves out the same tasks) or unscored (judge failures, shown, never
 * folded into 0). A report that says nothing scores 0 on every applicable metric, so it can only lower a mean.
 */
export function summarize(
  results: readonly CellResult[],
  metrics: readonly MetricName[] = metricColumns(results.map((r) => r.metrics)),
): SummaryRow[] {
  const groups = new Map<string, CellResult[]>();
  for (const r of results) {
    const key = JSON.stringify([r.cell.agent, r.cell.model, r.cell.split]);
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  const rows: SummaryRow[] = [];
  for (const [key, list] of groups) {
    const [agent, model, split] = JSON.parse(key) as [string, string, Split];
    // "skipped" cells finished in an earlier invocation of the batch: they count like fresh ones.
    const done = list.filter((r) => r.status !== "failed");
    const byRepeat = new Map<number, CellResult[]>();
    for (const r of done) byRepeat.set(r.cell.repeat, [...(byRepeat.get(r.cell.repeat) ?? []), r]);
    const summaries: Partial<Record<MetricName, MetricSummary>> = {};
    for (const metric of metrics) {
      const perRepeat = [...byRepeat.values()].map((cells) =>
        mean(cells.map((c) => c.metrics[metric]).filter(isScored)),
      );
      const present = perRepeat.filter(isScored);
      const notApplicable = done.filter((c) => c.not_applicable.includes(metric)).length;
      const scored = done.filter((c) => isScored(c.metrics[metric])).length;
      const asked = done.filter((c) => metric in c.metrics).length;
      // A single repeat has no spread: its std is 0 (the analysis std leaves it undefined).
      summaries[metric] = {
        mean: mean(present),
        std: present.length === 1 ? 0 : std(present),
        repeats: present.length,
        counts: { scored, not_applicable: notApplicable, unscored: asked - scored - notApplicable },
      };
    }
    const usage = noRunUsage();
    for (const r of list) addRunUsage(usage, RunUsage.parse(r.usage));
    rows.push({
      agent,
      model,
      split,
      tasks: new Set(done.map((r) => r.cell.task)).size,
      cells: done.length,
      failed: list.filter((r) => r.status === "failed").length,
      metrics: summaries,
      usage,
    });
  }
  // Splits in the benchmark's order (`original` before `mixed`), as the studio lists them.
  const splitRank = (s: string) => (SplitName.options as readonly string[]).indexOf(s) >>> 0;
  return rows.sort(
    (a, b) =>
      a.agent.localeCompare(b.agent) ||
      a.model.localeCompare(b.model) ||
      splitRank(a.split) - splitRank(b.split) ||
      a.split.localeCompare(b.split),
  );
}
