/** @module Aggregate tables: per-task metric values averaged per group (agent × model × split, domain …), mean ± std over repeats. */
import type { MetricName } from "../core/index.ts";
import { type GroupKey, groupValue, type ScoreRow } from "./rows.ts";
import { type MeanStd, mean, meanStd } from "./stats.ts";

export type AggregateCell = {
  /** The group's values, one per grouping key, e.g. `{ agent: "drfa", model: "openai:gpt-4o", split: "original" }`. */
  group: Record<string, string>;
  /** Per metric: the mean over tasks within each repeat, then mean ± std over repeats. */
  metrics: Partial<Record<MetricName, MeanStd>>;
  /** Per metric, the rows behind the mean: scored, not applicable to their task, unscored (judge failures). */
  counts: Partial<Record<MetricName, { scored: number; not_applicable: number; unscored: number }>>;
  tasks: number;
  repeats: number;
};

function key(parts: string[]): string {
  return JSON.stringify(parts);
}

/**
 * Group rows by `by`; inside a group, average each metric over tasks per repeat (null values are unscored and
 * skipped), then report mean ± std over the repeats. With one repeat the std is null.
 */
export function aggregate(rows: readonly ScoreRow[], by: readonly GroupKey[]): AggregateCell[] {
  const groups = new Map<string, { group: Record<string, string>; rows: ScoreRow[] }>();
  for (const row of rows) {
    const values = by.map((k) => groupValue(row, k));
    const k = key(values);
    let g = groups.get(k);
    if (!g) {
      g = { group: Object.fromEntries(by.map((b, i) => [b, values[i]!])), rows: [] };
      groups.set(k, g);
    }
    g.rows.push(row);
  }
  const cells: AggregateCell[] = [];
  for (const { group, rows: rs } of groups.values()) {
    const perMetricRepeat = new Map<MetricName, Map<number, number[]>>();
    const counts: AggregateCell["counts"] = {};
    for (const r of rs) {
      const c = counts[r.metric] ?? { scored: 0, not_applicable: 0, unscored: 0 };
      counts[r.metric] = c;
      if (r.not_applicable) c.not_applicable++;
      else if (r.value === null) c.unscored++;
      else c.scored++;
      if (r.value === null) continue;
      const byRepeat = perMetricRepeat.get(r.metric) ?? new Map<number, number[]>();
      perMetricRepeat.set(r.metric, byRepeat);
      const list = byRepeat.get(r.repeat) ?? [];
      list.push(r.value);
      byRepeat.set(r.repeat, list);
    }
    const metrics: AggregateCell["metrics"] = {};
    for (const [metric, byRepeat] of perMetricRepeat) {
      const repeatMeans = [...byRepeat.keys()].sort((a, b) => a - b).map((rep) => mean(byRepeat.get(rep)!)!);
      metrics[metric] = meanStd(repeatMeans);
    }
    cells.push({
      group,
      metrics,
      counts,
      tasks: new Set(rs.map((r) => r.task)).size,
      repeats: new Set(rs.map((r) => r.repeat)).size,
    });
  }
  return cells.sort((a, b) => key(by.map((k) => a.group[k]!)).localeCompare(key(by.map((k) => b.group[k]!))));
}

export type SplitDelta = {
  group: Record<string, string>;
  metric: MetricName;
  original: number | null;
  mixed: number | null;
  /** mixed − original (negative = the mixed split hurts). */
  delta: number | null;
};

/** Original-vs-mixed deltas per metric for every group of `by` (which must not contain `split`). */
export function splitDeltas(
  rows: readonly ScoreRow[],
  by: readonly GroupKey[] = ["agent", "model"],
): SplitDelta[] {
  const keys = by.filter((k) => k !== "split");
  const cells = aggregate(rows, [...keys, "split"]);
  const byGroup = new Map<
    string,
    { group: Record<string, string>; original?: AggregateCell; mixed?: AggregateCell }
  >();
  for (const c of cells) {
    const group = Object.fromEntries(keys.map((k) => [k, c.group[k]!]));
    const k = key(keys.map((x) => group[x]!));
    const entry = byGroup.get(k) ?? { group };
    if (c.group.split === "original") entry.original = c;
    else entry.mixed = c;
    byGroup.set(k, entry);
  }
  const out: SplitDelta[] = [];
  for (const { group, original, mixed } of byGroup.values()) {
    const metrics = new Set([
      ...Object.keys(original?.metrics ?? {}),
      ...Object.keys(mixed?.metrics ?? {}),
    ]) as Set<MetricName>;
    for (const metric of metrics) {
      const o = original?.metrics[metric]?.mean ?? null;
      const m = mixed?.metrics[metric]?.mean ?? null;
      out.push({ group, metric, original: o, mixed: m, delta: o === null || m === null ? null : m - o });
    }
  }
  return out;
}
