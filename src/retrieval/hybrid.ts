/** @module Hybrid search: BM25 (SQLite FTS5) and vectors (sqlite-vec or Chroma) over chunks, fused by reciprocal rank fusion. */
import { Database } from "bun:sqlite";
import type { AppName } from "../core/index.ts";
import type { Chunk } from "./chunk.ts";
import { type Embedder, embedVectors, type Vector } from "./embedders/embedder.ts";
import { ftsQuery } from "./fts.ts";
import { reciprocalRankFusion } from "./fusion.ts";
import type { SearchHit } from "./search-hit.ts";
import { snippet } from "./snippet.ts";
import { sqliteVecStore } from "./stores/sqlite-vec.ts";
import type { VectorMatch, VectorStore } from "./stores/vector-store.ts";

/** |Cosine similarity| at or below this is an exact 0 (no shared feature) after float32 rounding. */
const MIN_SIMILARITY = 1e-6;

export type SearchMode = "hybrid" | "bm25" | "vector";

export type SearchOptions = {
  mode?: SearchMode;
  apps?: AppName[];
  limit?: number;
  /** Keep only the best chunk of each document (default true). */
  distinctDocuments?: boolean;
  /** Compute each hit's `snippet` (default true); callers that discard snippets skip the work and get `""`. */
  snippets?: boolean;
};

export type HybridIndexOptions = {
  /** SQLite file for chunks, FTS5 and (by default) vectors; `:memory:` when omitted. */
  path?: string;
  embedder: Embedder;
  /** Vector store; defaults to sqlite-vec in the same database. */
  vectors?: VectorStore;
  /** BM25 column weights for title and text. */
  titleWeight?: number;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (
  rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, document_id TEXT NOT NULL, ord INTEGER NOT NULL,
  app TEXT NOT NULL, title TEXT NOT NULL, path TEXT NOT NULL, author TEXT NOT NULL, date TEXT NOT NULL,
  channel TEXT, subject TEXT, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_document ON chunks(document_id);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(title, text, tokenize = 'porter unicode61');
`;

type ChunkRow = {
  rowid: number;
  id: string;
  document_id: string;
  ord: number;
  app: AppName;
  title: string;
  path: string;
  author: string;
  date: string;
  channel: string | null;
  subject: string | null;
  text: string;
};

/** A searchable set of chunks. Open with `HybridIndex.open`, fill with `add`, query with `search`. */
export class HybridIndex {
  private constructor(
    readonly db: Database,
    readonly embedder: Embedder,
    readonly vectors: VectorStore,
    private readonly titleWeight: number,
  ) {}

  /** Each chunk's app, read once for vector search's app filter (a search asks it of up to 4 × depth candidates). */
  private apps: Map<string, string> | null = null;
  private appOf(id: string): string | undefined {
    if (!this.apps) {
      const rows = this.db.query("SELECT id, app FROM chunks").all() as { id: string; app: string }[];
      this.apps = new Map(rows.map((r) => [r.id, r.app]));
    }
    return this.apps.get(id);
  }

  static async open(options: HybridIndexOptions): Promise<HybridIndex> {
    const db = new Database(options.path ?? ":memory:", { create: true });
    db.run("PRAGMA journal_mode = WAL");
    db.run(SCHEMA);
    const vectors = options.vectors ?? sqliteVecStore(db, "chunks");
    return new HybridIndex(db, options.embedder, vectors, options.titleWeight ?? 2);
  }

  getMeta(key: string): string | null {
    return (
      (this.db.query("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | null)?.value ??
      null
    );
  }

  setMeta(key: string, value: string): void {
    this.db
      .query(
        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      )
      .run(key, value);
  }

  count(): number {
    return (this.db.query("SELECT count(*) AS n FROM chunks").get() as { n: number }).n;
  }

  /** Remove every chunk, its FTS5 row and its vector. */
  async clear(): Promise<void> {
    this.apps = null;
    this.db.run("DELETE FROM chunks; DELETE FROM chunks_fts;");
    await this.vectors.clear();
  }

  /** Index chunks: rows + FTS5 text (title and body) + one vector each (embedded from title and text). */
  async add(chunks: Chunk[]): Promise<void> {
    if (chunks.length === 0) return;
    this.apps = null;
    const vectors = await embedVectors(
      this.embedder,
      chunks.map((c) => `${c.title}\n${c.text}`),
    );
    const find = this.db.query("SELECT rowid FROM chunks WHERE id = ?");
    const delChunk = this.db.query("DELETE FROM chunks WHERE rowid = ?");
    const delFts = this.db.query("DELETE FROM chunks_fts WHERE rowid = ?");
    const put = this.db.query(
      `INSERT INTO chunks(id, document_id, ord, app, title, path, author, date, channel, subject, text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING rowid`,
    );
    const putFts = this.db.query("INSERT INTO chunks_fts(rowid, title, text) VALUES (?, ?, ?)");
    this.db.transaction(() => {
      for (const c of chunks) {
        const old = find.get(c.id) as { rowid: number } | null;
        if (old) {
          delChunk.run(old.rowid);
          delFts.run(old.rowid);
        }
        const { rowid } = put.get(
          c.id,
          c.documentId,
          c.ord,
          c.app,
          c.title,
          c.path,
          c.author,
          c.date,
          c.channel ?? null,
          c.subject ?? null,
          c.text,
        ) as { rowid: number };
        putFts.run(rowid, c.title, c.text);
      }
    })();
    await this.vectors.upsert(
      chunks.map((c, i) => ({
        id: c.id,
        vector: vectors[i]!,
        metadata: { app: c.app, document_id: c.documentId },
      })),
    );
  }

  /** Ranked hits for `query`; `mode` picks BM25, vectors, or both fused by RRF. */
  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const mode = options.mode ?? "hybrid";
    const limit = options.limit ?? 10;
    const distinct = options.distinctDocuments ?? true;
    const snippets = options.snippets ?? true;
    const depth = Math.max(limit * 8, 50);
    const lists: { ids: string[]; scores: Map<string, number> }[] = [];
    if (mode !== "vector") lists.push(this.bm25(query, depth, options.apps));
    if (mode !== "bm25") lists.push(await this.knn(query, depth, options.apps));
    const ranked =
      lists.length === 1
        ? lists[0]!.ids.map((id) => ({ id, score: lists[0]!.scores.get(id)! }))
        : reciprocalRankFusion(lists.map((l) => l.ids));
    const hits: SearchHit[] = [];
    const seen = new Set<string>();
    const get = this.db.query("SELECT * FROM chunks WHERE id = ?");
    for (const { id, score } of ranked) {
      const row = get.get(id) as ChunkRow | null;
      if (!row) continue;
      if (distinct && seen.has(row.document_id)) continue;
      seen.add(row.document_id);
      hits.push(toHit(row, score, snippets ? () => snippet(row.text, query) : () => ""));
      if (hits.length >= limit) break;
    }
    return hits;
  }

  private bm25(
    query: string,
    depth: number,
    apps?: AppName[],
  ): { ids: string[]; scores: Map<string, number> } {
    const match = ftsQuery(query);
    const scores = new Map<string, number>();
    if (!match) return { ids: [], scores };
    const appFilter = apps?.length ? `AND c.app IN (${apps.map(() => "?").join(",")})` : "";
    const rows = this.db
      .query(
        `SELECT c.id AS id, bm25(chunks_fts, ?, 1.0) AS rank FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid
         WHERE chunks_fts MATCH ? ${appFilter} ORDER BY rank LIMIT ?`,
      )
      .all(this.titleWeight, match, ...(apps ?? []), depth) as { id: string; rank: number }[];
    for (const r of rows) scores.set(r.id, -r.rank);
    return { ids: rows.map((r) => r.id), scores };
  }

  private async knn(
    query: string,
    depth: number,
    apps?: AppName[],
  ): Promise<{ ids: string[]; scores: Map<string, number> }> {
    const [vector] = await embedVectors(this.embedder, [query]);
    const scores = new Map<string, number>();
    if (!vector || isZero(vector)) return { ids: [], scores };
    const wanted = apps?.length ? new Set<string>(apps) : null;
    const k = wanted ? depth * 4 : depth;
    // A chunk whose vector is orthogonal to the query's (with hashing: sharing no feature) is no match (like a chunk
    // BM25 does not return): left in, such zero-similarity ties would take RRF credit in whatever order the vector
    // store breaks them.
    const decided = new Map<string, boolean>();
    const kept = (m: VectorMatch): boolean => {
      let keep = decided.get(m.id);
      if (keep === undefined) {
        const app = this.appOf(m.id);
        keep = app !== undefined && (!wanted || wanted.has(app)) && Math.abs(1 - m.distance) > MIN_SIMILARITY;
        decided.set(m.id, keep);
      }
      return keep;
    };
    const matches = this.nearestFirst(vector, k, kept) ?? (await this.vectors.query(vector, k));
    const ids: string[] = [];
    for (const m of matches) {
      if (!kept(m)) continue;
      ids.push(m.id);
      scores.set(m.id, 1 - m.distance);
      if (ids.length >= depth) break;
    }
    return { ids, scores };
  }

  /**
   * The `k` nearest matches as `vectors.query` returns them, from the store's exact distances (`distances`), without
   * its scan; null when the store gives none, or when two matches `kept` would keep are tied (in a tie, or one at the
   * cut, only the store's own scan knows its order).
   */
  private nearestFirst(vector: Vector, k: number, kept: (m: VectorMatch) => boolean): VectorMatch[] | null {
    const ordered = this.vec0Ordered(vector, k);
    if (ordered) return ordered;
    const all = this.nearestCandidates(vector, k);
    if (!all) return null;
    const top = all.slice(0, k);
    const cut = all[k]?.distance;
    if (cut !== undefined && top.at(-1)?.distance === cut) {
      // Which of the items at the cut the store returns decides the result if one of them counts.
      if (all.some((m) => m.distance === cut && kept(m))) return null;
    }
    let previous: number | null = null;
    for (const m of top) {
      if (!kept(m)) continue;
      if (m.distance === previous) return null;
      previous = m.distance;
    }
    return top;
  }

  /**
   * The `k` nearest exactly as vec0 returns them, ties included, when the store knows its rows' order (`vec0Chunk`):
   * equal distances go to the earlier chunk, and within a chunk to the later slot (docs/recipes.md, "Vectors and BM25").
   */
  private vec0Ordered(vector: Vector, k: number): VectorMatch[] | null {
    const arrays = this.vectors.distanceArray?.(vector);
    if (!arrays?.vec0Chunk) return null;
    const { ids, distances, vec0Chunk: size } = arrays;
    const bound = ids.length > k ? Float64Array.from(distances).sort()[k]! : Number.POSITIVE_INFINITY;
    const near: number[] = [];
    for (let i = 0; i < ids.length; i++) if (distances[i]! <= bound) near.push(i);
    near.sort(
      (a, b) =>
        distances[a]! - distances[b]! ||
        Math.floor(a / size) - Math.floor(b / size) ||
        (b % size) - (a % size),
    );
    return near.slice(0, k).map((i) => ({ id: ids[i]!, distance: distances[i]! }));
  }

  /**
   * The store's distances, closest first, cut after every item as near as the (k+1)-th (all that `nearestFirst` reads:
   * its top k and the ties at the cut); the whole list, sorted, from a store without `distanceArray`.
   */
  private nearestCandidates(vector: Vector, k: number): VectorMatch[] | null {
    const arrays = this.vectors.distanceArray?.(vector);
    if (!arrays) {
      const all = this.vectors.distances?.(vector);
      return all ? all.sort((a, b) => a.distance - b.distance) : null;
    }
    const { ids, distances } = arrays;
    const bound = ids.length > k ? Float64Array.from(distances).sort()[k]! : Number.POSITIVE_INFINITY;
    const out: VectorMatch[] = [];
    for (let i = 0; i < ids.length; i++)
      if (distances[i]! <= bound) out.push({ id: ids[i]!, distance: distances[i]! });
    // stable, as the whole list's sort: ties keep insertion order
    return out.sort((a, b) => a.distance - b.distance);
  }

  async close(): Promise<void> {
    await this.vectors.close();
    this.db.close();
  }
}

function isZero(vector: ArrayLike<number>): boolean {
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) return false;
  return true;
}

/**
 * A hit whose `snippet` is computed when first read (an enumerable property, so copies and JSON carry it): an agent
 * that reads chunks whole never pays for the window search, a page or a prompt that shows snippets gets the same text.
 */
function toHit(row: ChunkRow, score: number, snippetOf: () => string): SearchHit {
  const hit = {
    documentId: row.document_id,
    chunkId: row.id,
    app: row.app,
    title: row.title,
    path: row.path,
    score,
    snippet: "",
    text: row.text,
    author: row.author,
    date: row.date,
    ...(row.channel !== null ? { channel: row.channel } : {}),
    ...(row.subject !== null ? { subject: row.subject } : {}),
  };
  let computed: string | null = null;
  Object.defineProperty(hit, "snippet", {
    enumerable: true,
    get: () => {
      computed ??= snippetOf();
      return computed;
    },
    set: (value: string) => {
      computed = value;
    },
  });
  return hit;
}
