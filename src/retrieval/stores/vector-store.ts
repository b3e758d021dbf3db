/** @module The vector store interface: nearest neighbours by id, behind sqlite-vec (embedded) or a Chroma server. */
import type { Vector } from "../embedders/embedder.ts";

export type VectorItem = { id: string; vector: Vector; metadata?: Record<string, string> };
export type VectorMatch = { id: string; distance: number };

export interface VectorStore {
  /** `sqlite-vec`, `chroma` … */
  readonly kind: string;
  upsert(items: VectorItem[]): Promise<void>;
  /** The `k` nearest items to `vector`, closest first (cosine distance). */
  query(vector: Vector, k: number): Promise<VectorMatch[]>;
  /**
   * Every stored item's distance to `vector`, exactly as `query` computes it, in no particular order; null when the
   * store cannot (the caller then uses `query`). Lets a caller that needs only part of the ranking skip the scan.
   */
  distances?(vector: Vector): VectorMatch[] | null;
  /**
   * `distances` as two parallel arrays (no object per item), for callers that select from many; with `vec0Chunk`
   * when the ids are in the order sqlite-vec's table holds them (rows only ever appended, `vec0Chunk` per chunk), so
   * a caller can break ties as its scan does: the earlier chunk first, within a chunk the later slot.
   */
  distanceArray?(
    vector: Vector,
  ): { ids: readonly string[]; distances: Float64Array; vec0Chunk?: number } | null;
  /** Load now what the first query would (a store opened over existing vectors), e.g. while nobody waits. */
  warm?(): void;
  count(): Promise<number>;
  /** Remove every vector. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
