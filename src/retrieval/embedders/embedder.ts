/** @module The embedder interface: text → fixed-length vectors (hashing offline, or a model's embeddings). */

export interface Embedder {
  /** `hashing-4096`, `openai:text-embedding-3-small` … (part of an index's fingerprint). */
  readonly name: string;
  embed(texts: string[]): Promise<number[][]>;
}

/** Scale a vector to unit length (zero vectors stay zero). */
export function l2normalize(v: number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm === 0 ? v : v.map((x) => x / norm);
}
