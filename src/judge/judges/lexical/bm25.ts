/** @module Okapi BM25 ranking of passages for a query (k1 = 1.2, b = 0.75), on stemmed content terms. */
import { type TermOptions, terms } from "./terms.ts";

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Indices of the `k` best passages for `query`, best first; ties keep passage order. */
export function bm25Top(
  query: string,
  passages: readonly string[],
  k: number,
  options: TermOptions = {},
): number[] {
  const docs = passages.map((p) => terms(p, options));
  const n = docs.length;
  if (n === 0) return [];
  const avg = docs.reduce((s, d) => s + d.length, 0) / n || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const q = [...new Set(terms(query, options))];
  const scores = docs.map((d) => {
    const tf = new Map<string, number>();
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
    let s = 0;
    for (const t of q) {
      const f = tf.get(t) ?? 0;
      if (f === 0) continue;
      const dft = df.get(t) ?? 0;
      const idf = Math.log(1 + (n - dft + 0.5) / (dft + 0.5));
      s += (idf * f * (BM25_K1 + 1)) / (f + BM25_K1 * (1 - BM25_B + (BM25_B * d.length) / avg));
    }
    return s;
  });
  return scores
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, k)
    .map((x) => x.i);
}
