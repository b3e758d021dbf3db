/**
 * @module Full-text search over run reports (migration 7): SQLite's FTS5 (a contentless index keyed by `run_search.id`)
 * or a PostgreSQL `tsvector` with a GIN index. A query's words (letters and digits) match as a phrase — consecutive
 * words of the report, the last one by prefix, case-insensitive — so a search reads the index, never every report.
 */
import type { SqlDb } from "./sql.ts";

/** The words of a search, lower-cased (what either index matches by prefix). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Keep a run's report searchable (inside the caller's transaction): the report's JSON text, replacing what was there. */
export function indexReport(db: SqlDb, runId: string, json: string): void {
  if (db.dialect === "postgres") {
    db.run(
      `INSERT INTO run_search (run_id, body) VALUES (?, to_tsvector('simple', ?))
       ON CONFLICT (run_id) DO UPDATE SET body = excluded.body`,
      [runId, json],
    );
    return;
  }
  db.run("INSERT INTO run_search (run_id) VALUES (?) ON CONFLICT (run_id) DO NOTHING", [runId]);
  const { id } = db.query<{ id: number }, [string]>("SELECT id FROM run_search WHERE run_id = ?").get(runId)!;
  db.run("DELETE FROM run_search_text WHERE rowid = ?", [id]);
  db.run("INSERT INTO run_search_text (rowid, body) VALUES (?, ?)", [id, json]);
}

/**
 * A condition on `runIdColumn` that holds when the run's report holds the words of `text` in a row (null when the text
 * has no word), with its bound value.
 */
export function reportMatches(
  db: SqlDb,
  runIdColumn: string,
  text: string,
): { sql: string; value: string } | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  if (db.dialect === "postgres")
    return {
      sql: `${runIdColumn} IN (SELECT run_id FROM run_search WHERE body @@ to_tsquery('simple', ?))`,
      value: words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" <-> "),
    };
  return {
    sql: `${runIdColumn} IN (SELECT s.run_id FROM run_search s WHERE s.id IN
      (SELECT rowid FROM run_search_text WHERE run_search_text MATCH ?))`,
    value: `"${words.join(" ")}" *`,
  };
}
