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
  /** Mean cost of a report; null when some run's cost is unknown (calls of unpriced handles), never a false $0. */
  costUsd: number | null;
  /** Mean of the runs' priced calls: a lower bound of the cost when `unpricedCalls` > 0. */
  pricedCostUsd: number;
  /** Calls of unpriced handles over the group's runs. */
  unpricedCalls: number;
  reports: number;
  tokens: number;
};

/** Mean cost (USD) of one report per group, e.g. per agent × model: the total of a run's model calls, averaged. */
export function costPerReport(
  rows: readonly CostRow[],
  by: readonly GroupKey[] = ["agent", "model"],
): CostPerReport[] {
  const groups = new Map<string, { group: Record<string, string>; rows: CostRow[] }>();
  for (const r of rows) {
    const values = by.map((k) => groupValue(r, k));
    const k = JSON.stringify(values);
    const g = groups.get(k) ?? { group: Object.fromEntries(by.map((b, i) => [b, values[i]!])), rows: [] };
    g.rows.push(r);
    groups.set(k, g);
  }
  return [...groups.values()].map(({ group, rows }) => {
    const costs = rows.map((r) => r.cost_usd);
    return {
      group,
      costUsd: costs.includes(null) ? null : mean(costs as number[])!,
      pricedCostUsd: mean(rows.map((r) => r.priced_cost_usd))!,
      unpricedCalls: rows.reduce((n, r) => n + r.unpriced_calls, 0),
      reports: rows.length,
      tokens: mean(rows.map((r) => r.input_tokens + r.output_tokens))!,
    };
  });
}
