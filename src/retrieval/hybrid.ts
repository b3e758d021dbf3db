/** @module Hybrid search: BM25 (SQLite FTS5) and vectors (sqlite-vec or Chroma) over chunks, fused by reciprocal rank fusion. */
import { Database } from "bun:sqlite";
import type { AppName } from "../core/index.ts";
import type { Chunk } from "./chunk.ts";
import { type Embedder, embedVectors } from "./embedders/embedder.ts";
import { ftsQuery } from "./fts.ts";
import { reciprocalRankFusion } from "./fusion.ts";
import type { SearchHit } from "./search-hit.ts";
import { snippet } from "./snippet.ts";
import { sqliteVecStore } from "./stores/sqlite-vec.ts";
import type { VectorStore } from "./stores/vector-store.ts";

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

/** Meta key of the embedder an image was built with. */
const IMAGE_EMBEDDER = "image_embedder";

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

  static async open(options: HybridIndexOptions): Promise<HybridIndex> {
    const db = new Database(options.path ?? ":memory:", { create: true });
    db.run("PRAGMA journal_mode = WAL");
    db.run(SCHEMA);
    const vectors = options.vectors ?? sqliteVecStore(db, "chunks");
    return new HybridIndex(db, options.embedder, vectors, options.titleWeight ?? 2);
  }

  /**
   * An index from the SQLite image `image()` took of another (e.g. built on a worker thread), held in memory. The
   * image must have been built with `options.embedder` (checked against the name `image()` recorded).
   */
  static fromImage(image: Uint8Array, options: Omit<HybridIndexOptions, "path" | "vectors">): HybridIndex {
    const db = Database.deserialize(image);
    const index = new HybridIndex(
      db,
      options.embedder,
      sqliteVecStore(db, "chunks"),
      options.titleWeight ?? 2,
    );
    const builtWith = index.getMeta(IMAGE_EMBEDDER);
    if (builtWith !== options.embedder.name) {
      db.close();
      throw new Error(
        `index image: built with embedder "${builtWith ?? "(not recorded)"}", expected "${options.embedder.name}"`,
      );
    }
    return index;
  }

  /** The whole index as a SQLite image (sqlite-vec vectors included), for `HybridIndex.fromImage`. */
  image(): Uint8Array {
    if (this.vectors.kind !== "sqlite-vec")
      throw new Error(`index image: vectors live in ${this.vectors.kind}`);
    this.setMeta(IMAGE_EMBEDDER, this.embedder.name);
    return this.db.serialize();
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
    this.db.run("DELETE FROM chunks; DELETE FROM chunks_fts;");
    await this.vectors.clear();
  }

  /** Index chunks: rows + FTS5 text (title and body) + one vector each (embedded from title and text). */
  async add(chunks: Chunk[]): Promise<void> {
    if (chunks.length === 0) return;
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
    const matches = await this.vectors.query(vector, wanted ? depth * 4 : depth);
    const appOf = this.db.query("SELECT app FROM chunks WHERE id = ?");
    const ids: string[] = [];
    for (const m of matches) {
      const row = appOf.get(m.id) as { app: string } | null;
      if (!row || (wanted && !wanted.has(row.app))) continue;
      // A chunk whose vector is orthogonal to the query's (with hashing: sharing no feature) is no match (like a chunk BM25 does not return): left in, such
      // zero-similarity ties would take RRF credit in whatever order the vector store breaks them.
      const similarity = 1 - m.distance;
      if (Math.abs(similarity) <= MIN_SIMILARITY) continue;
      ids.push(m.id);
      scores.set(m.id, similarity);
      if (ids.length >= depth) break;
    }
    return { ids, scores };
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
