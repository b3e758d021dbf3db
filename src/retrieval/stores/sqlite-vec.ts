/** @module The embedded vector store: a sqlite-vec `vec0` table (cosine distance) inside a bun:sqlite database. */
import type { Database } from "bun:sqlite";
import * as sqliteVec from "sqlite-vec";
import type { Vector } from "../embedders/embedder.ts";
import { SparseCosine } from "./sparse-cosine.ts";
import type { VectorItem, VectorMatch, VectorStore } from "./vector-store.ts";

const loaded = new WeakSet<Database>();

/**
 * Vectors per vec0 chunk (a multiple of 8). vec0 preallocates a whole chunk's blob: the default 1,024 at 4,096
 * dimensions reserves ~16 MB per table however few vectors it holds (a demo index has a few hundred); 64 reserves 1 MB.
 */
const CHUNK_SIZE = 64;

/** Load the sqlite-vec extension into `db` once. */
export function loadVec(db: Database): void {
  if (loaded.has(db)) return;
  sqliteVec.load(db);
  loaded.add(db);
}

/**
 * Vectors in `<prefix>_vec` (vec0, created on the first upsert from the vector length) with string ids
 * mapped to rowids in `<prefix>_vec_ids`. The database stays owned by the caller.
 */
export function sqliteVecStore(db: Database, prefix = "chunks"): VectorStore {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix))
    throw new Error(`sqliteVecStore: table prefix "${prefix}" must be a SQL identifier`);
  loadVec(db);
  const ids = `${prefix}_vec_ids`;
  const vec = `${prefix}_vec`;
  db.run(`CREATE TABLE IF NOT EXISTS ${ids} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)`);
  // whether vec0's rows were only ever appended since the table was made (then their order is rowid order)
  const meta = `${prefix}_vec_meta`;
  db.run(`CREATE TABLE IF NOT EXISTS ${meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  const appendOnly = () =>
    (db.query(`SELECT value FROM ${meta} WHERE key = 'append_only'`).get() as { value: string } | null)
      ?.value === "1";
  const setAppendOnly = (yes: boolean) =>
    db
      .query(
        `INSERT INTO ${meta}(key, value) VALUES ('append_only', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      )
      .run(yes ? "1" : "0");
  let dim: number | null = existingDim();
  /**
   * The stored vectors for `distances`, kept in step by `upsert` and `clear`: from the start for a table this store
   * creates, else read from vec0 on `warm` or the first `distances` call (~10 ms for a demo environment).
   */
  let mirror: SparseCosine | null = dim === null ? new SparseCosine() : null;
  /** The append-only flag, read once and kept in step by this store's own writes. */
  let ordered: boolean | null = null;

  function loadMirror(): SparseCosine {
    const loaded = new SparseCosine();
    const rows = db
      .query(
        `SELECT i.id AS id, v.embedding AS embedding FROM ${vec} v JOIN ${ids} i ON i.rowid = v.rowid ORDER BY i.rowid`,
      )
      .all() as { id: string; embedding: Uint8Array }[];
    for (const row of rows) {
      const bytes = row.embedding;
      loaded.set(row.id, new Float32Array(bytes.slice().buffer, 0, bytes.byteLength / 4));
    }
    return loaded;
  }

  function existingDim(): number | null {
    const row = db.query("SELECT sql FROM sqlite_master WHERE name = ?").get(vec) as { sql: string } | null;
    const m = row ? /float\[(\d+)\]/.exec(row.sql) : null;
    return m ? Number(m[1]) : null;
  }

  return {
    kind: "sqlite-vec",
    async upsert(items: VectorItem[]) {
      if (items.length === 0) return;
      if (dim === null) {
        dim = items[0]!.vector.length;
        db.run(
          `CREATE VIRTUAL TABLE IF NOT EXISTS ${vec} USING vec0(embedding float[${dim}] distance_metric=cosine, chunk_size=${CHUNK_SIZE})`,
        );
        setAppendOnly(true);
        ordered = true;
      }
      const getId = db.query(`SELECT rowid FROM ${ids} WHERE id = ?`);
      const putId = db.query(`INSERT INTO ${ids}(id) VALUES (?) RETURNING rowid`);
      const del = db.query(`DELETE FROM ${vec} WHERE rowid = ?`);
      const put = db.query(`INSERT INTO ${vec}(rowid, embedding) VALUES (?, ?)`);
      db.transaction(() => {
        for (const item of items) {
          if (item.vector.length !== dim) {
            throw new Error(
              `sqliteVecStore: vector for "${item.id}" has ${item.vector.length} dimensions, expected ${dim}`,
            );
          }
          const existing = getId.get(item.id) as { rowid: number } | null;
          const rowid = existing?.rowid ?? (putId.get(item.id) as { rowid: number }).rowid;
          if (existing) {
            del.run(BigInt(rowid));
            setAppendOnly(false);
            ordered = false;
          }
          put.run(BigInt(rowid), new Float32Array(item.vector));
        }
      })();
      for (const item of items) mirror?.set(item.id, item.vector);
    },
    warm() {
      if (dim !== null) mirror ??= loadMirror();
    },
    distances(vector: Vector): VectorMatch[] | null {
      if (dim === null) return [];
      mirror ??= loadMirror();
      return mirror.distances(vector);
    },
    distanceArray(vector: Vector) {
      if (dim === null) return { ids: [], distances: new Float64Array(0) };
      mirror ??= loadMirror();
      const all = mirror.distanceArray(vector);
      if (!all) return null;
      ordered ??= appendOnly();
      return ordered ? { ...all, vec0Chunk: CHUNK_SIZE } : all;
    },
    async query(vector: Vector, k: number): Promise<VectorMatch[]> {
      if (dim === null || k <= 0) return [];
      const rows = db
        .query(
          `SELECT i.id AS id, v.distance AS distance FROM (SELECT rowid, distance FROM ${vec} WHERE embedding MATCH ? AND k = ?) v JOIN ${ids} i ON i.rowid = v.rowid ORDER BY v.distance`,
        )
        .all(new Float32Array(vector), k) as VectorMatch[];
      return rows;
    },
    async count() {
      return (db.query(`SELECT count(*) AS n FROM ${ids}`).get() as { n: number }).n;
    },
    async clear() {
      db.run(`DELETE FROM ${ids}`);
      if (dim !== null) {
        db.run(`DELETE FROM ${vec}`);
        setAppendOnly(false);
        ordered = false;
      }
      mirror?.clear();
    },
    async close() {},
  };
}
