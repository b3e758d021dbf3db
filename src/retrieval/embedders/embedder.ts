/** @module The embedder interface: text → fixed-length vectors (hashing offline, or a model's embeddings). */

export interface Embedder {
  /** `hashing-4096`, `openai:text-embedding-3-small` … (part of an index's fingerprint). */
  readonly name: string;
  embed(texts: string[]): Promise<number[][]>;
}

/** Scale a vector to unit length (zero vectors stay zero). */
export function l2normalize(v: ArrayLike<number>): number[] {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  const out = new Array<number>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = norm === 0 ? v[i]! : v[i]! / norm;
  return out;
}
