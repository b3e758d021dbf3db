/**
 * @module The LLM response cache: content-addressed entries, recorded misses, and `explain`. Embedded SQLite by default
 * (`.drflow/cache.sqlite`), or the shared PostgreSQL database when opened with a `postgres://` URL, so every worker
 * and teammate reuses one set of answers (same schema, same queries; see src/store/sql.ts).
 */
import { resolve } from "node:path";
import { z } from "zod";
import { redactSecrets } from "../core/redact.ts";
import { UsageSource } from "../core/usage.ts";
import { isPostgresUrl, openMigrated, type SqlDb } from "../store/sql.ts";
import {
  cacheKey,
  describeDifference,
  KEY_PART_NAMES,
  type KeyPartName,
  KeyParts,
  partHashes,
} from "./cache-key.ts";

/**
 * `use`: read and write (a reply stored as rejected is fetched again); `refresh`: ignore entries but write; `off`:
 * neither; `replay`: read only, rejected replies included (the exchange reproduces as it ran), a miss is an error.
 */
export const CacheMode = z.enum(["use", "refresh", "off", "replay"]);
export type CacheMode = z.infer<typeof CacheMode>;

export const DEFAULT_CACHE_PATH = ".drflow/cache.sqlite";

/** Only the latest misses are kept for `explain`. */
export const MISSES_KEPT = 1000;

/**
 * The cache's schema migrations (SQLite dialect, translated for Postgres by `migrate`). The first one is written
 * with IF NOT EXISTS because cache files from before versioning already hold its tables.
 */
export const CACHE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS entries (
    key TEXT PRIMARY KEY, kind TEXT NOT NULL, handle TEXT NOT NULL, parts TEXT NOT NULL,
    part_hashes TEXT NOT NULL, response TEXT NOT NULL, created_at TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS misses (
    id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, handle TEXT NOT NULL, parts TEXT NOT NULL,
    part_hashes TEXT NOT NULL, mode TEXT NOT NULL, created_at TEXT NOT NULL);
  `,
];

/** Where the cache lives unless told: DRFLOW_CACHE_PATH, else the shared database (DRFLOW_DATABASE_URL), else the file. */
export function defaultCacheLocation(env: Record<string, string | undefined> = process.env): string {
  return env.DRFLOW_CACHE_PATH || env.DRFLOW_DATABASE_URL || DEFAULT_CACHE_PATH;
}

/** What a hit returns: the answer and the usage it cost when it was first fetched. */
export const CachedResponse = z.object({
  text: z.string().nullable().default(null),
  embeddings: z.array(z.array(z.number())).nullable().default(null),
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  usage_source: UsageSource,
  cost_usd: z.number().nullable(),
  /**
   * Why the reply was rejected (it failed validation), null for a good reply. A rejected reply is kept so `replay`
   * reproduces an exchange that needed a repair turn; it is never served as good (`use` fetches again).
   */
  rejected: z.string().nullable().default(null),
  /** The provider's finish reason (`length` when cut off), so a replayed reply is judged as the fetched one was. */
  finish_reason: z.string().nullable().default(null),
});
export type CachedResponse = z.infer<typeof CachedResponse>;

export type Explanation = {
  miss: { key: string; handle: string; created_at: string; prompt: string };
  nearest: {
    key: string;
    handle: string;
    created_at: string;
    differing: { part: KeyPartName; detail: string }[];
  } | null;
};

type EntryRow = { key: string; handle: string; parts: string; part_hashes: string; created_at: string };

/** A short preview of the last user message (or first text), for error messages. */
export function promptPreview(parts: KeyParts, width = 80): string {
  const messages = parts.messages as { role?: string; content?: string }[];
  const last = [...messages].reverse().find((m) => m?.role === "user") ?? messages[0];
  const text = typeof last === "string" ? last : (last?.content ?? "");
  const flat = String(text).replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, width)}…` : flat;
}

/** A model call's request and answer as the cache holds them. */
export type CachedExchange = {
  messages: { role: string; content: unknown }[];
  reply: string | null;
  created_at: string;
};

export class LlmCache {
  readonly db: SqlDb;
  /** The file path, or the database URL without its password. */
  readonly path: string;

  /** `location`: a SQLite file path (or `:memory:`), or a `postgres://` URL. */
  constructor(location: string = DEFAULT_CACHE_PATH) {
    this.db = openMigrated(location, "cache", CACHE_MIGRATIONS);
    this.path = this.db.location;
  }

  key(parts: KeyParts): string {
    return cacheKey(parts);
  }

  get(key: string): CachedResponse | null {
    const row = this.db
      .query<{ response: string }, [string]>("SELECT response FROM entries WHERE key = ?")
      .get(key);
    return row ? CachedResponse.parse(JSON.parse(row.response)) : null;
  }

  /** A cached call's request messages and reply text, as a viewer shows them; null when the key is not cached. */
  exchange(key: string): CachedExchange | null {
    const row = this.db
      .query<{ parts: string; response: string; created_at: string }, [string]>(
        "SELECT parts, response, created_at FROM entries WHERE key = ?",
      )
      .get(key);
    if (!row) return null;
    const parts = JSON.parse(row.parts) as { messages?: { role: string; content: unknown }[] };
    const response = JSON.parse(row.response) as { text?: string | null };
    return { messages: parts.messages ?? [], reply: response.text ?? null, created_at: row.created_at };
  }

  /** Store a response: a good one, or a rejected one with its problem (callers never pass errors). */
  put(
    parts: KeyParts,
    handle: string,
    response: z.input<typeof CachedResponse>,
    now: Date = new Date(),
  ): string {
    const key = cacheKey(parts);
    this.db
      .query(
        `INSERT INTO entries (key, kind, handle, parts, part_hashes, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, handle = excluded.handle, parts = excluded.parts,
           part_hashes = excluded.part_hashes, response = excluded.response, created_at = excluded.created_at`,
      )
      .run(
        key,
        parts.kind,
        // The key is computed from the parts as sent; what is kept is redacted (a reply may quote a key back).
        redactSecrets(handle),
        redactSecrets(JSON.stringify(parts)),
        JSON.stringify(partHashes(parts)),
        redactSecrets(JSON.stringify(CachedResponse.parse(response))),
        now.toISOString(),
      );
    return key;
  }

  /** Remember a miss so `drflow cache explain` can show what it nearly matched. */
  recordMiss(parts: KeyParts, handle: string, mode: CacheMode, now: Date = new Date()): void {
    this.db
      .query(
        "INSERT INTO misses (key, handle, parts, part_hashes, mode, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        cacheKey(parts),
        redactSecrets(handle),
        redactSecrets(JSON.stringify(parts)),
        JSON.stringify(partHashes(parts)),
        mode,
        now.toISOString(),
      );
    this.db.query("DELETE FROM misses WHERE id <= (SELECT MAX(id) FROM misses) - ?").run(MISSES_KEPT);
  }

  /** Recorded misses, newest first. */
  misses(limit = 20): { key: string; handle: string; mode: string; created_at: string; prompt: string }[] {
    const rows = this.db
      .query<{ key: string; handle: string; mode: string; created_at: string; parts: string }, [number]>(
        "SELECT key, handle, mode, created_at, parts FROM misses ORDER BY id DESC LIMIT ?",
      )
      .all(limit);
    return rows.map(({ parts, ...r }) => ({
      ...r,
      prompt: promptPreview(KeyParts.parse(JSON.parse(parts))),
    }));
  }

  /**
   * For a recorded miss (by key or key prefix; the latest when omitted), the cached entry of the same kind that
   * differs in the fewest key parts, and how each of those parts differs.
   */
  explain(keyOrPrefix?: string): Explanation {
    const miss = keyOrPrefix
      ? this.db
          .query<EntryRow, [string]>(
            "SELECT key, handle, parts, part_hashes, created_at FROM misses WHERE key LIKE ? ORDER BY id DESC LIMIT 1",
          )
          .get(`${keyOrPrefix}%`)
      : this.db
          .query<EntryRow, []>(
            "SELECT key, handle, parts, part_hashes, created_at FROM misses ORDER BY id DESC LIMIT 1",
          )
          .get();
    if (!miss) {
      throw new Error(
        keyOrPrefix
          ? `cache explain: no recorded miss with key "${keyOrPrefix}"; 'drflow cache misses' lists them`
          : "cache explain: no cache miss recorded yet",
      );
    }
    const request = KeyParts.parse(JSON.parse(miss.parts));
    const requestHashes = JSON.parse(miss.part_hashes) as Record<KeyPartName, string>;
    const candidates = this.db
      .query<EntryRow, [string]>(
        "SELECT key, handle, parts, part_hashes, created_at FROM entries WHERE kind = ?",
      )
      .all(request.kind);
    let best: { row: EntryRow; differing: KeyPartName[] } | null = null;
    for (const row of candidates) {
      const hashes = JSON.parse(row.part_hashes) as Record<KeyPartName, string>;
      const differing = KEY_PART_NAMES.filter((name) => hashes[name] !== requestHashes[name]);
      if (!best || differing.length < best.differing.length) best = { row, differing };
    }
    const missInfo = {
      key: miss.key,
      handle: miss.handle,
      created_at: miss.created_at,
      prompt: promptPreview(request),
    };
    if (!best) return { miss: missInfo, nearest: null };
    const cached = KeyParts.parse(JSON.parse(best.row.parts));
    return {
      miss: missInfo,
      nearest: {
        key: best.row.key,
        handle: best.row.handle,
        created_at: best.row.created_at,
        differing: best.differing.map((part) => ({
          part,
          detail: describeDifference(part, cached, request),
        })),
      },
    };
  }

  stats(): { entries: number; misses: number; byHandle: { handle: string; entries: number }[] } {
    const entries = this.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM entries").get()!.n;
    const misses = this.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM misses").get()!.n;
    const byHandle = this.db
      .query<{ handle: string; entries: number }, []>(
        "SELECT handle, COUNT(*) AS entries FROM entries GROUP BY handle ORDER BY entries DESC",
      )
      .all();
    return { entries, misses, byHandle };
  }

  clear(): void {
    this.db.transaction(() => {
      this.db.run("DELETE FROM entries");
      this.db.run("DELETE FROM misses");
    });
  }

  close(): void {
    for (const [path, cache] of open) if (cache === this) open.delete(path);
    this.db.close();
  }
}

const open = new Map<string, LlmCache>();

/** One open cache per resolved path (or database URL) in this process, shared by every model that names it. */
export function sharedCache(location: string): LlmCache {
  const key = isPostgresUrl(location) ? location : resolve(location);
  let cache = open.get(key);
  if (!cache) {
    cache = new LlmCache(location);
    open.set(key, cache);
  }
  return cache;
}
