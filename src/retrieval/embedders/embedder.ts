/** @module The embedder interface: text → fixed-length vectors (hashing offline, or a model's embeddings). */

export interface Embedder {
  /** `hashing-4096`, `openai:text-embedding-3-small` … (part of an index's fingerprint). */
  readonly name: string;
  embed(texts: string[]): Promise<number[][]>;
  /**
   * The same vectors as `embed`, as typed arrays holding the same float64 values (optional): the index, which only
   * stores and compares vectors, takes these and builds no boxed arrays.
   */
  embedFloat64?(texts: string[]): Promise<Float64Array[]>;
}

/** A vector as an embedder returns it: plain numbers or the same numbers in a typed array. */
export type Vector = number[] | Float64Array;

/** `texts`' vectors, typed when the embedder can give them so. */
export function embedVectors(embedder: Embedder, texts: string[]): Promise<Vector[]> {
  return embedder.embedFloat64 ? embedder.embedFloat64(texts) : embedder.embed(texts);
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
