/**
 * @module One side of a comparison aggregated in SQL: per task (or task · split) and metric the mean of the finished
 * runs' latest values, one run per task for links, and how many runs and splits the side holds — a comparison over
 * the whole store costs its tasks, not its runs.
 */
import { LATEST_RESULT } from "./run-order.ts";
import { type RunPageFilter, runWhere } from "./run-pages.ts";
import type { SqlDb, SqlValue } from "./sql.ts";

export type SideScores = {
  /** Per pair key and metric, the mean over the side's runs with a value. */
  means: { key: string; metric: string; value: number }[];
  /** A run of each pair key (the smallest id), for links. */
  runOf: Map<string, string>;
};

const SPLIT = "COALESCE(r.split, 'original')";

/** How many finished runs, and how many splits, the side's filter keeps. */
export function sideSize(db: SqlDb, filter: RunPageFilter): { runs: number; splits: number } {
  const w = runWhere(db, { ...filter, status: "done" });
  const row = db
    .query<{ runs: number; splits: number }, SqlValue[]>(
      `SELECT COUNT(*) AS runs, COUNT(DISTINCT ${SPLIT}) AS splits FROM runs r ${w.sql}`,
    )
    .get(...w.values)!;
  return { runs: Number(row.runs), splits: Number(row.splits) };
}

/** The side's means per pair key (`task`, or `task · split` when `bySplit`) and metric. */
export function sideScores(db: SqlDb, filter: RunPageFilter, bySplit: boolean): SideScores {
  const w = runWhere(db, { ...filter, status: "done" });
  // The side's runs through the filter's own index first (MATERIALIZED: not a walk of the task index in GROUP BY order).
  const side = `WITH s AS MATERIALIZED (SELECT r.id, ${bySplit ? `r.task || ' · ' || ${SPLIT}` : "r.task"} AS key FROM runs r ${w.sql})`;
  const means = db
    .query<{ key: string; metric: string; value: number }, SqlValue[]>(
      `${side} SELECT s.key, m.metric, AVG(m.value) AS value FROM s JOIN metric_results m ON m.run_id = s.id
       WHERE m.value IS NOT NULL AND ${LATEST_RESULT} GROUP BY s.key, m.metric`,
    )
    .all(...w.values)
    .map((r) => ({ ...r, value: Number(r.value) }));
  const runOf = new Map(
    db
      .query<{ key: string; run: string }, SqlValue[]>(
        `${side} SELECT s.key, MIN(s.id) AS run FROM s GROUP BY s.key`,
      )
      .all(...w.values)
      .map((r) => [r.key, r.run]),
  );
  return { means, runOf };
}
