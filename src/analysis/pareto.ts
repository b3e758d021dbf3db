/** @module Cost per report and the cost–performance Pareto frontier (lower cost, higher score). */
import { type CostRow, type GroupKey, groupValue } from "./rows.ts";
import { mean } from "./stats.ts";

export type CostPoint = { id: string; cost: number; value: number };

/**
 * The points no other point dominates, sorted by cost. A point is dominated when another costs no more and scores
 * no less, and is strictly better on one of the two. Equal points are all kept.
 */
export function paretoFrontier<P extends CostPoint>(points: readonly P[]): P[] {
  const frontier = points.filter(
    (p) =>
      !points.some(
        (q) => q !== p && q.cost <= p.cost && q.value >= p.value && (q.cost < p.cost || q.value > p.value),
      ),
  );
  return frontier.sort((a, b) => a.cost - b.cost || b.value - a.value);
}

export type CostPerReport = {
  group: Record<string, string>;
  costUsd: number;
  reports: number;
  tokens: number;
};

/** Mean cost (USD) of one report per group, e.g. per agent × model: the total of a run's model calls, averaged. */
export function costPerReport(
  rows: readonly CostRow[],
  by: readonly GroupKey[] = ["agent", "model"],
): CostPerReport[] {
  const groups = new Map<string, { group: Record<string, string>; costs: number[]; tokens: number[] }>();
  for (const r of rows) {
    const values = by.map((k) => groupValue(r, k));
    const k = JSON.stringify(values);
    const g = groups.get(k) ?? {
      group: Object.fromEntries(by.map((b, i) => [b, values[i]!])),
      costs: [],
      tokens: [],
    };
    g.costs.push(r.cost_usd);
    g.tokens.push(r.input_tokens + r.output_tokens);
    groups.set(k, g);
  }
  return [...groups.values()].map((g) => ({
    group: g.group,
    costUsd: mean(g.costs)!,
    reports: g.costs.length,
    tokens: mean(g.tokens)!,
  }));
}
