/**
 * @module The shared store: one PostgreSQL database (`DRFLOW_DATABASE_URL=postgres://…`) holding the run store's and
 * the model-call cache's tables for a team or a fleet of workers, with the same migrations as the embedded SQLite
 * files (translated by `postgresDdl`).
 *
 * How it meets the synchronous run store: every process keeps working on its embedded SQLite store, exactly as
 * today (its ~100 call sites, the usage sink on the model path and the cache lookups stay synchronous and fast), and
 * the shared database is the system of record it publishes to and reads from. `push` copies runs (with their
 * report, trace, calls, metrics and citations) up in one transaction; `pull` mirrors the shared runs into a local
 * SQLite file that notebooks and the studio read with no code change. A run is copied whole and replaces its older
 * copy, so a push or pull is idempotent and never half-applies.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { CACHE_SCHEMA, type LlmCache } from "../llm/cache.ts";
import { MIGRATIONS } from "./migrations.ts";
import { type RunFilter, RunStore, runClauses, whereSql } from "./run-store.ts";
import { isPostgresUrl, postgresDb, postgresDdl, type SqlDb, sqliteDb } from "./sql.ts";

/** The environment variable naming the shared database. */
export const DATABASE_URL_ENV = "DRFLOW_DATABASE_URL";

/** Tables hanging off a run, copied with it (their own `id`s are local and not copied). */
const RUN_TABLES = ["run_documents", "llm_calls", "metric_results", "citations"] as const;

/** Runs copied per transaction. */
const CHUNK = 100;

/** The shared database's URL from the flag or the environment, checked; null when neither is set. */
export function databaseUrl(flag?: string | null): string | null {
  const url = flag ?? process.env[DATABASE_URL_ENV] ?? null;
  if (url === null || url === "") return null;
  if (!isPostgresUrl(url)) {
    throw new Error(
      `${DATABASE_URL_ENV}: expected postgres://user@host:port/database, got "${redactUrl(url)}"`,
    );
  }
  return url;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

/**
 * Bring the shared database to the latest schema. Concurrent starters (many workers) serialize on an advisory lock;
 * a database newer than this code is an error, never downgraded.
 */
export async function migrateShared(db: SqlDb): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.run("SELECT pg_advisory_xact_lock(hashtext('drflow_schema'))");
    await tx.run(
      "CREATE TABLE IF NOT EXISTS drflow_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)",
    );
    const rows = await tx.all<{ version: number }>("SELECT version FROM drflow_schema WHERE part = 'runs'");
    const current = rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `shared store: schema version ${current} is newer than this drflow (knows ${MIGRATIONS.length}); upgrade drflow`,
      );
    }
    for (let version = current; version < MIGRATIONS.length; version++) {
      await tx.run(postgresDdl(MIGRATIONS[version]!));
    }
    await tx.run(
      "INSERT INTO drflow_schema (part, version) VALUES ('runs', ?) ON CONFLICT (part) DO UPDATE SET version = excluded.version",
      [MIGRATIONS.length],
    );
    await tx.run(postgresDdl(CACHE_SCHEMA));
    return MIGRATIONS.length;
  });
}

/** Insert rows into `table` (all their columns but `skip`), on a key conflict replacing (`update`) or keeping the row. */
async function insertRows(
  db: SqlDb,
  table: string,
  rows: Record<string, unknown>[],
  conflict: { key: string; update: boolean } | null,
  skip: readonly string[] = [],
): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row).filter((c) => !skip.includes(c));
    const set = columns.map((c) => `${c} = excluded.${c}`).join(", ");
    const onConflict = conflict
      ? ` ON CONFLICT (${conflict.key}) DO ${conflict.update ? `UPDATE SET ${set}` : "NOTHING"}`
      : "";
    await db.run(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})${onConflict}`,
      columns.map((c) => row[c]),
    );
  }
}

/** Copy the runs `filter` selects, whole, from one database to another; returns how many runs were copied. */
export async function copyRuns(from: SqlDb, to: SqlDb, filter: RunFilter = {}): Promise<number> {
  const { clauses, values } = runClauses(filter);
  const runs = await from.all(`SELECT r.* FROM runs r ${whereSql(clauses)} ORDER BY r.id`, values);
  for (let i = 0; i < runs.length; i += CHUNK) {
    const chunk = runs.slice(i, i + CHUNK);
    const ids = chunk.map((r) => r.id);
    const inIds = `run_id IN (${ids.map(() => "?").join(", ")})`;
    const children = await Promise.all(
      RUN_TABLES.map((t) =>
        from.all(`SELECT * FROM ${t} WHERE ${inIds} ORDER BY ${t === "run_documents" ? "kind" : "id"}`, ids),
      ),
    );
    await to.transaction(async (tx) => {
      await insertRows(tx, "runs", chunk, { key: "id", update: true });
      for (const table of RUN_TABLES) await tx.run(`DELETE FROM ${table} WHERE ${inIds}`, ids);
      for (const [n, table] of RUN_TABLES.entries()) await insertRows(tx, table, children[n]!, null, ["id"]);
    });
  }
  return runs.length;
}

/** Copy cache entries another database lacks (entries are content-addressed: a key never changes its answer). */
export async function copyCacheEntries(from: SqlDb, to: SqlDb, since = ""): Promise<number> {
  const rows = await from.all("SELECT * FROM entries WHERE created_at >= ? ORDER BY created_at, key", [
    since,
  ]);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await to.transaction((tx) =>
      insertRows(tx, "entries", rows.slice(i, i + CHUNK), { key: "key", update: false }),
    );
  }
  return rows.length;
}

export class SharedStore {
  private constructor(
    readonly db: SqlDb & { close(): Promise<void> },
    readonly url: string,
  ) {}

  /** Connect and migrate. */
  static async open(url: string, options: { max?: number } = {}): Promise<SharedStore> {
    const db = postgresDb(url, options);
    try {
      await migrateShared(db);
    } catch (error) {
      await db.close();
      throw new Error(`shared store ${redactUrl(url)}: ${(error as Error).message}`);
    }
    return new SharedStore(db, url);
  }

  /** Publish the selected runs of a local store. */
  push(local: RunStore, filter: RunFilter = {}): Promise<number> {
    return copyRuns(sqliteDb(local.db), this.db, filter);
  }

  /** Mirror the selected shared runs into a local store. */
  pull(local: RunStore, filter: RunFilter = {}): Promise<number> {
    return copyRuns(this.db, sqliteDb(local.db), filter);
  }

  /** Publish a local cache's entries (written at or after `since`, an ISO time). */
  pushCache(local: LlmCache, since = ""): Promise<number> {
    return copyCacheEntries(sqliteDb(local.db), this.db, since);
  }

  /** Fetch the shared cache's entries into a local cache. */
  pullCache(local: LlmCache, since = ""): Promise<number> {
    return copyCacheEntries(this.db, sqliteDb(local.db), since);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** Where this machine mirrors a shared database (one file per database, password not part of the name). */
export function mirrorPath(url: string, stateDir = ".drflow"): string {
  const id = createHash("sha256").update(redactUrl(url).replace(":***@", "@")).digest("hex").slice(0, 12);
  return join(stateDir, `shared-${id}.sqlite`);
}

/**
 * The run store a reader opens: the embedded file at `path`, or — when a shared database is configured — a local
 * mirror of it, refreshed from the database now. Notebooks and the studio call this and need no other change.
 */
export async function openRunStore(path: string, url: string | null = databaseUrl()): Promise<RunStore> {
  if (!url) return new RunStore(path);
  const store = new RunStore(mirrorPath(url, join(path, "..")));
  const shared = await SharedStore.open(url, { max: 2 });
  try {
    await shared.pull(store);
  } finally {
    await shared.close();
  }
  return store;
}

/** Keep a mirror current: pull the shared runs every `intervalMs` (errors are reported, not fatal). */
export function followShared(store: RunStore, url: string, intervalMs: number): () => void {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const shared = await SharedStore.open(url, { max: 1 });
      try {
        await shared.pull(store);
      } finally {
        await shared.close();
      }
    } catch (error) {
      console.error(`shared store ${redactUrl(url)}: refresh failed: ${(error as Error).message}`);
    } finally {
      busy = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
