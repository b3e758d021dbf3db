/**
 * @module One side of a comparison aggregated in SQL: per task (or task · split) and metric the mean of the finished
 * runs' latest values, one run per task for links, and how many runs and splits the side holds — a comparison over
 * the whole store costs its tasks, not its runs.
 */
import { type RunPageFilter, runWhere } from "./run-pages.ts";
import type { SqlDb, SqlValue } from "./sql.ts";

export type SideScores = {
  /** Per pair key and metric, the mean over the side's runs with a value. */
  means: { key: string; metric: string; value: number }[];
  /** A run of each pair key (the smallest id of a run with a value), for links. */
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

/** Filter keys `latest_results` carries (migration 10): a side narrowed by these alone is read from it without `runs`. */
const LATEST_KEYS = {
  run: "l.run_id",
  batch: "l.batch",
  agent: "l.agent",
  model: "l.model",
  split: "l.split",
  task: "l.task",
};

/** The side's means per pair key (`task`, or `task · split` when `bySplit`) and metric. */
export function sideScores(db: SqlDb, filter: RunPageFilter, bySplit: boolean): SideScores {
  const w = runWhere(db, { ...filter, status: "done" });
  const keyOf = (t: string) =>
    bySplit ? `${t}.task || ' · ' || COALESCE(${t}.split, 'original')` : `${t}.task`;
  const set = Object.entries(filter).filter(([k, v]) => v !== undefined && k !== "status");
  const direct = set.every(([k]) => k in LATEST_KEYS);
  const rows = direct
    ? // Every latest value of the side's finished runs from latest_results' own indexes (a split of the whole store,
      // a batch of 20,000 runs): no probe per run.
      db
        .query<{ key: string; metric: string; value: number; run: string }, SqlValue[]>(
          `SELECT ${keyOf("l")} AS key, l.metric, AVG(l.value) AS value, MIN(l.run_id) AS run FROM latest_results l
             WHERE l.status = 'done' AND l.value IS NOT NULL${set.map(([k]) => ` AND ${LATEST_KEYS[k as keyof typeof LATEST_KEYS]} = ?`).join("")}
             GROUP BY ${keyOf("l")}, l.metric`,
        )
        .all(...set.map(([, v]) => v as string))
    : // Other filters (dates, search, outcomes): the side's runs through the filter's own index first (MATERIALIZED:
      // not a walk of the task index in GROUP BY order), then their latest values.
      db
        .query<{ key: string; metric: string; value: number; run: string }, SqlValue[]>(
          `WITH s AS MATERIALIZED (SELECT r.id, ${keyOf("r")} AS key FROM runs r ${w.sql})
             SELECT s.key, l.metric, AVG(l.value) AS value, MIN(s.id) AS run FROM s JOIN latest_results l ON l.run_id = s.id
             WHERE l.value IS NOT NULL GROUP BY s.key, l.metric`,
        )
        .all(...w.values);
  const means = rows.map((r) => ({ key: r.key, metric: r.metric, value: Number(r.value) }));
  // A run of each pair key for links: the smallest id among the runs with a value.
  const runOf = new Map<string, string>();
  for (const r of rows) if (!runOf.has(r.key) || r.run < runOf.get(r.key)!) runOf.set(r.key, r.run);
  return { means, runOf };
}
