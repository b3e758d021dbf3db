/** @module Two runs side by side: per-metric deltas with bootstrap CIs, per-task wins and losses, items that differ. */
import type { MetricItem, MetricName } from "../core/index.ts";
import { metricNames } from "../judge/metrics/index.ts";
import { type BootstrapCI, type BootstrapOptions, pairedBootstrapCI } from "./bootstrap.ts";
import type { ScoreRow } from "./rows.ts";
import { mean } from "./stats.ts";

/** Per task, the metric value averaged over repeats (nulls skipped). */
export function perTask(rows: readonly ScoreRow[], metric: MetricName): Map<string, number> {
  const lists = new Map<string, number[]>();
  for (const r of rows) {
    if (r.metric !== metric || r.value === null) continue;
    const l = lists.get(r.task) ?? [];
    l.push(r.value);
    lists.set(r.task, l);
  }
  return new Map([...lists].map(([t, l]) => [t, mean(l)!]));
}

export type MetricDelta = {
  metric: MetricName;
  /** Means over the tasks both sides scored. */
  a: number;
  b: number;
  /** b − a with its paired bootstrap interval over tasks. */
  ci: BootstrapCI;
};

/**
 * For every metric both sides scored on shared tasks: mean of A, mean of B, and the paired bootstrap CI of B − A; in
 * the metric registry's order (the one order every table shows), unregistered names after it.
 */
export function metricDeltas(
  a: readonly ScoreRow[],
  b: readonly ScoreRow[],
  options: BootstrapOptions = {},
): MetricDelta[] {
  const rank = (m: string) => metricNames().indexOf(m as MetricName) >>> 0;
  const metrics = [...new Set([...a, ...b].map((r) => r.metric))].sort(
    (x, y) => rank(x) - rank(y) || x.localeCompare(y),
  );
  const out: MetricDelta[] = [];
  for (const metric of metrics) {
    const ta = perTask(a, metric);
    const tb = perTask(b, metric);
    const ci = pairedBootstrapCI(ta, tb, options);
    if (!ci) continue;
    const shared = [...ta.keys()].filter((k) => tb.has(k));
    out.push({
      metric,
      a: mean(shared.map((k) => ta.get(k)!))!,
      b: mean(shared.map((k) => tb.get(k)!))!,
      ci,
    });
  }
  return out;
}

export type TaskOutcome = { task: string; a: number; b: number; outcome: "win" | "loss" | "tie" };

/** Per shared task, whether B beats A on `metric` (differences within `tolerance` are ties). */
export function winsLosses(
  a: readonly ScoreRow[],
  b: readonly ScoreRow[],
  metric: MetricName,
  tolerance = 1e-9,
): { tasks: TaskOutcome[]; wins: number; losses: number; ties: number } {
  const ta = perTask(a, metric);
  const tb = perTask(b, metric);
  const tasks: TaskOutcome[] = [...ta.keys()]
    .filter((k) => tb.has(k))
    .sort()
    .map((task) => {
      const d = tb.get(task)! - ta.get(task)!;
      return {
        task,
        a: ta.get(task)!,
        b: tb.get(task)!,
        outcome: d > tolerance ? "win" : d < -tolerance ? "loss" : "tie",
      };
    });
  const count = (o: TaskOutcome["outcome"]) => tasks.filter((t) => t.outcome === o).length;
  return { tasks, wins: count("win"), losses: count("loss"), ties: count("tie") };
}

export type ItemDifference = {
  id: string;
  a: MetricItem | null;
  b: MetricItem | null;
};

/**
 * The items of one metric (e.g. gold steps under recall, conditions under condition resolution) that the two runs
 * scored differently or matched to different steps: where the runs' workflows differ.
 */
export function itemDifferences(a: readonly MetricItem[], b: readonly MetricItem[]): ItemDifference[] {
  const ma = new Map(a.map((i) => [i.id, i]));
  const mb = new Map(b.map((i) => [i.id, i]));
  const ids = [...new Set([...ma.keys(), ...mb.keys()])].sort();
  const out: ItemDifference[] = [];
  for (const id of ids) {
    const ia = ma.get(id) ?? null;
    const ib = mb.get(id) ?? null;
    const same = ia && ib && ia.score === ib.score && (ia.matched === null) === (ib.matched === null);
    if (!same) out.push({ id, a: ia, b: ib });
  }
  return out;
}
