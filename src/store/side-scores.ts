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

/** Filter keys `latest_sums` carries (migration 11): a side narrowed by these alone is read from its groups, not its runs. */
const SUM_KEYS = ["batch", "agent", "model", "split", "task"] as const;

/** The side's means per pair key (`task`, or `task · split` when `bySplit`) and metric. */
export function sideScores(db: SqlDb, filter: RunPageFilter, bySplit: boolean): SideScores {
  const w = runWhere(db, { ...filter, status: "done" });
  const set = Object.entries(filter).filter(([k, v]) => v !== undefined && k !== "status");
  if (set.every(([k]) => (SUM_KEYS as readonly string[]).includes(k))) {
    // The groups of the side's finished runs (a split of the whole store, a batch of 20,000 runs): a row per batch,
    // configuration, task, repeat and metric, never one per run.
    const key = bySplit ? "task || ' · ' || (CASE WHEN split = '' THEN 'original' ELSE split END)" : "task";
    const means = db
      .query<{ key: string; metric: string; total: number; valued: number }, SqlValue[]>(
        `SELECT ${key} AS key, metric, SUM(total) AS total, SUM(valued) AS valued FROM latest_sums
         WHERE status = 'done' AND valued > 0${set.map(([k]) => ` AND ${k} = ?`).join("")} GROUP BY ${key}, metric`,
      )
      .all(...set.map(([, v]) => v as string))
      .map((r) => ({ key: r.key, metric: r.metric, value: Number(r.total) / Number(r.valued) }));
    // A run of each pair key for links (its smallest id): a seek per key into the (kind, split, status, task, id) or
    // the batch's index (migration 11), other columns checked on the way.
    const plus = db.dialect === "sqlite" ? "+" : "";
    const others = set.filter(([k]) => k !== "task" && k !== "split" && !(k === "batch" && bySplit));
    const first = db.query<{ id: string | null }, SqlValue[]>(
      `SELECT MIN(r.id) AS id FROM runs r WHERE r.kind = 'agent' AND r.task = ? AND r.status = 'done'
         AND ${bySplit ? "COALESCE(r.split, 'original') = ?" : filter.split !== undefined ? "r.split = ?" : "1 = 1"}
         ${others.map(([k]) => ` AND ${plus}r.${k} = ?`).join("")}${bySplit && filter.batch !== undefined ? " AND r.batch = ?" : ""}`,
    );
    const runOf = new Map<string, string>();
    for (const k of new Set(means.map((m) => m.key))) {
      const [task, split] = bySplit ? k.split(" · ") : [k];
      const row = first.get(
        task!,
        ...(bySplit ? [split!] : filter.split !== undefined ? [filter.split] : []),
        ...others.map(([, v]) => v as string),
        ...(bySplit && filter.batch !== undefined ? [filter.batch] : []),
      );
      if (row?.id) runOf.set(k, row.id);
    }
    return { means, runOf };
  }
  // Other filters (a run, dates, search, outcomes): the side's runs through the filter's own index first
  // (MATERIALIZED: not a walk of the task index in GROUP BY order), then their latest values.
  const keyOf = bySplit ? `r.task || ' · ' || COALESCE(r.split, 'original')` : "r.task";
  const rows = db
    .query<{ key: string; metric: string; value: number; run: string }, SqlValue[]>(
      `WITH s AS MATERIALIZED (SELECT r.id, ${keyOf} AS key FROM runs r ${w.sql})
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
