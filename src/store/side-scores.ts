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

/**
 * A run of a pair key for links (its smallest id) by one seek: into the batch's runs of the task when the side names a
 * batch (runs_kind_batch_cells), else into (kind, split, status, task, id) (migration 11); SQLite is told which
 * (INDEXED BY: its planner would walk the task index in id order). `orNull`: a run without a split counts as `original`.
 */
function firstRun(db: SqlDb, filter: RunPageFilter & { task: string }, orNull: boolean): string | null {
  const sqlite = db.dialect === "sqlite";
  const keys = SUM_KEYS.filter((k) => filter[k] !== undefined);
  const index =
    filter.batch !== undefined
      ? "runs_kind_batch_cells"
      : keys.includes("split")
        ? "runs_kind_split_status_task"
        : null;
  const one = (split: "value" | "null") =>
    db
      .query<{ id: string | null }, SqlValue[]>(
        `SELECT MIN(r.id) AS id FROM runs r${sqlite && index ? ` INDEXED BY ${index}` : ""}
         WHERE r.kind = 'agent' AND r.status = 'done'${keys
           .map((k) => (k === "split" && split === "null" ? " AND r.split IS NULL" : ` AND r.${k} = ?`))
           .join("")}`,
      )
      .get(...keys.filter((k) => !(k === "split" && split === "null")).map((k) => filter[k]!))?.id ?? null;
  const ids = [one("value"), ...(orNull ? [one("null")] : [])].filter((id): id is string => id !== null);
  return ids.sort()[0] ?? null;
}

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
    const runOf = new Map<string, string>();
    for (const k of new Set(means.map((m) => m.key))) {
      const [task, split] = bySplit ? k.split(" · ") : [k, filter.split];
      const run = firstRun(db, { ...filter, task: task!, split }, bySplit && split === "original");
      if (run) runOf.set(k, run);
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
