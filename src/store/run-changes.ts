/**
 * @module What tells a reader that the run store moved, for pages that refresh (the studio's filter choices and live
 * runs): the newest run's row number, and a fingerprint of the runs and metric results. Cheap at any size: aggregates
 * over indexed columns.
 */
import type { SqlDb } from "./sql.ts";

/** The runs table's largest row number (it moves when a run is added); null on PostgreSQL, which has none. */
export function latestRunRow(db: SqlDb): number | null {
  if (db.dialect !== "sqlite") return null;
  return db.query<{ v: number | null }, []>("SELECT MAX(rowid) AS v FROM runs").get()?.v ?? 0;
}

/**
 * What changes when an agent run starts, beats, finishes, or is judged: run count and latest times, the newest metric
 * row. Scoped to a batch when given.
 */
export function storeFingerprint(db: SqlDb, batch?: string): string {
  const scope = batch ? "AND batch = ?" : "";
  const args = batch ? [batch] : [];
  const runs = db
    .query<{ n: number; s: string | null; f: string | null; h: string | null; d: number }, string[]>(
      `SELECT COUNT(*) AS n, MAX(started_at) AS s, MAX(finished_at) AS f, MAX(heartbeat_at) AS h,
         SUM(CASE WHEN status = 'done' THEN 1 ELSE 0 END) AS d FROM runs WHERE kind = 'agent' ${scope}`,
    )
    .get(...args)!;
  const metrics = db.query<{ m: number | null }, []>("SELECT MAX(id) AS m FROM metric_results").get()!;
  return JSON.stringify([runs.n, runs.s, runs.f, runs.h, runs.d, metrics.m]);
}
