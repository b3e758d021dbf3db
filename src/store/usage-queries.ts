/** @module Usage queries over the run store: totals and breakdowns of tokens and cost by role, stage, model or run. */
import { z } from "zod";
import { type RunFilter, runClauses, whereSql } from "./run-store.ts";
import type { SqlDb } from "./sql.ts";

export const UsageGroup = z.enum(["run_id", "role", "stage", "handle", "model", "kind", "cached"]);
export type UsageGroup = z.infer<typeof UsageGroup>;

/**
 * Sums over a set of calls. `cost_usd` is every call at list price, cache hits at what they first cost; `fetched_cost_usd`
 * only the calls fetched from the provider (what was paid now; `drflow run` and `eval` show both). Both sum priced calls
 * only; `unpriced_calls` / `fetched_unpriced_calls` say how many had no price.
 */
export type CallTotals = {
  calls: number;
  cached_calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  unpriced_calls: number;
  fetched_cost_usd: number;
  fetched_unpriced_calls: number;
  estimated_calls: number;
  latency_ms: number;
};

const SUMS = `COUNT(*) AS calls,
  COALESCE(SUM(c.cached), 0) AS cached_calls,
  COALESCE(SUM(c.input_tokens), 0) AS input_tokens,
  COALESCE(SUM(c.output_tokens), 0) AS output_tokens,
  COALESCE(SUM(c.cost_usd), 0) AS cost_usd,
  COALESCE(SUM(CASE WHEN c.cost_usd IS NULL THEN 1 ELSE 0 END), 0) AS unpriced_calls,
  COALESCE(SUM(CASE WHEN c.cached = 0 THEN c.cost_usd ELSE 0 END), 0) AS fetched_cost_usd,
  COALESCE(SUM(CASE WHEN c.cached = 0 AND c.cost_usd IS NULL THEN 1 ELSE 0 END), 0) AS fetched_unpriced_calls,
  COALESCE(SUM(CASE WHEN c.usage_source = 'estimate' THEN 1 ELSE 0 END), 0) AS estimated_calls,
  COALESCE(SUM(c.latency_ms), 0) AS latency_ms`;

function scope(filter: RunFilter): { from: string; values: string[] } {
  // LEFT JOIN: calls attributed to a run id that was never saved as a run still count under `run`.
  const { clauses, values } = runClauses(filter, "c.run_id");
  return { from: `FROM llm_calls c LEFT JOIN runs r ON r.id = c.run_id ${whereSql(clauses)}`, values };
}

/** Totals over the calls of the selected runs. */
export function callTotals(db: SqlDb, filter: RunFilter = {}): CallTotals {
  const { from, values } = scope(filter);
  return db.query<CallTotals, string[]>(`SELECT ${SUMS} ${from}`).get(...values)!;
}

/** One row per group (e.g. role × stage), largest cost first; the rows sum to `callTotals` of the same filter. */
export function callTotalsBy(
  db: SqlDb,
  filter: RunFilter,
  groups: UsageGroup[],
): (CallTotals & Record<string, string | number | null>)[] {
  const columns = groups.map((g) => `c.${UsageGroup.parse(g)}`);
  const { from, values } = scope(filter);
  const select = columns.length ? `${columns.map((c, i) => `${c} AS ${groups[i]}`).join(", ")}, ` : "";
  const group = columns.length ? `GROUP BY ${columns.join(", ")}` : "";
  // Ties broken by the groups, nulls last, so both backends list rows in one order.
  const ties = columns.map((c) => `, ${c} IS NULL, ${c}`).join("");
  return db
    .query<CallTotals & Record<string, string | number | null>, string[]>(
      `SELECT ${select}${SUMS} ${from} ${group} ORDER BY cost_usd DESC, input_tokens DESC${ties}`,
    )
    .all(...values);
}
