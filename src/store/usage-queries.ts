/** @module Usage queries over the run store: totals and breakdowns of tokens and cost by role, stage, model or run. */
import { z } from "zod";
import type { CallTotals } from "../core/usage.ts";
import { type RunFilter, runClauses, whereSql } from "./run-store.ts";
import type { SqlDb } from "./sql.ts";

export const UsageGroup = z.enum(["run_id", "role", "stage", "handle", "model", "kind", "cached"]);
export type UsageGroup = z.infer<typeof UsageGroup>;

/**
 * The SQL of `CallTotals` over calls aliased `c` (the one place the run store sums calls; its runs list uses it too):
 * tokens and `costUsd` over the calls fetched now, `listInputTokens` … `listCostUsd` over every call with cache hits
 * at what they first took and cost; both sum priced calls only and count the others as unpriced. The same figures as `runUsage` in core.
 */
export const CALL_TOTALS_SQL = `COUNT(*) AS calls,
  COALESCE(SUM(c.cached), 0) AS "cachedCalls",
  COALESCE(SUM(CASE WHEN c.cached = 0 THEN c.input_tokens ELSE 0 END), 0) AS "inputTokens",
  COALESCE(SUM(CASE WHEN c.cached = 0 THEN c.output_tokens ELSE 0 END), 0) AS "outputTokens",
  COALESCE(SUM(CASE WHEN c.cached = 0 THEN c.cost_usd ELSE 0 END), 0) AS "costUsd",
  COALESCE(SUM(CASE WHEN c.cached = 0 AND c.cost_usd IS NULL THEN 1 ELSE 0 END), 0) AS "unpricedCalls",
  COALESCE(SUM(c.cost_usd), 0) AS "listCostUsd",
  COALESCE(SUM(CASE WHEN c.cost_usd IS NULL THEN 1 ELSE 0 END), 0) AS "listUnpricedCalls",
  COALESCE(SUM(c.input_tokens), 0) AS "listInputTokens",
  COALESCE(SUM(c.output_tokens), 0) AS "listOutputTokens",
  COALESCE(SUM(CASE WHEN c.usage_source = 'estimate' THEN 1 ELSE 0 END), 0) AS "estimatedCalls",
  COALESCE(SUM(c.latency_ms), 0) AS "latencyMs"`;

function scope(filter: RunFilter): { from: string; values: string[] } {
  // LEFT JOIN: calls attributed to a run id that was never saved as a run still count under `run`.
  const { clauses, values } = runClauses(filter, "c.run_id");
  return { from: `FROM llm_calls c LEFT JOIN runs r ON r.id = c.run_id ${whereSql(clauses)}`, values };
}

/** Totals over the calls of the selected runs. */
export function callTotals(db: SqlDb, filter: RunFilter = {}): CallTotals {
  const { from, values } = scope(filter);
  return db.query<CallTotals, string[]>(`SELECT ${CALL_TOTALS_SQL} ${from}`).get(...values)!;
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
      `SELECT ${select}${CALL_TOTALS_SQL} ${from} ${group} ORDER BY "listCostUsd" DESC, "listInputTokens" DESC${ties}`,
    )
    .all(...values);
}
