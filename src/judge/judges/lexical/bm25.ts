/** @module Okapi BM25 ranking of passages for a query (k1 = 1.2, b = 0.75), on stemmed content terms. */
import { type TermOptions, terms } from "./terms.ts";

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** A passage's term frequencies and length in terms (shared by every index over it: never mutated). */
type PassageTerms = { tf: ReadonlyMap<string, number>; length: number };

/**
 * Term frequencies per passage text and term options, kept across indexes: a judge builds one index per set of cited
 * documents, and those sets share their passages. Bounded by the characters of the passages held (a passage's
 * frequencies take less heap than its text), cleared whole when full.
 */
const passageCache = new Map<string, PassageTerms>();
const PASSAGE_CACHE_CHARS = 5_000_000;
let passageChars = 0;

function passageTerms(passage: string, options: TermOptions): PassageTerms {
  const key = `${options.keepNumbers ? 1 : 0}${options.synonyms === false ? 0 : 1}${passage}`;
  const hit = passageCache.get(key);
  if (hit) return hit;
  const list = terms(passage, options);
  const tf = new Map<string, number>();
  for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1);
  const out = { tf, length: list.length };
  if (passageChars + passage.length > PASSAGE_CACHE_CHARS) {
    passageCache.clear();
    passageChars = 0;
  }
  passageCache.set(key, out);
  passageChars += passage.length;
  return out;
}

/** Passages tokenized once, so many queries over the same passages cost one tokenization. */
export class Bm25Index {
  private readonly tfs: ReadonlyMap<string, number>[];
  private readonly lengths: number[];
  private readonly df = new Map<string, number>();
  private readonly avg: number;

  constructor(
    passages: readonly string[],
    private readonly options: TermOptions = {},
  ) {
    const docs = passages.map((p) => passageTerms(p, options));
    this.lengths = docs.map((d) => d.length);
    this.tfs = docs.map((d) => {
      for (const t of d.tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return d.tf;
    });
    this.avg = docs.length ? docs.reduce((s, d) => s + d.length, 0) / docs.length || 1 : 1;
  }

  /** Indices of the `k` best passages for `query`, best first; ties keep passage order. */
  top(query: string, k: number): number[] {
    const n = this.tfs.length;
    if (n === 0) return [];
    const q = [...new Set(terms(query, this.options))];
    const scores = this.tfs.map((tf, i) => {
      let s = 0;
      for (const t of q) {
        const f = tf.get(t) ?? 0;
        if (f === 0) continue;
        const dft = this.df.get(t) ?? 0;
        const idf = Math.log(1 + (n - dft + 0.5) / (dft + 0.5));
        s +=
          (idf * f * (BM25_K1 + 1)) / (f + BM25_K1 * (1 - BM25_B + (BM25_B * this.lengths[i]!) / this.avg));
      }
      return s;
    });
    // The k best by insertion into a short sorted list (k is small): linear in the passages, ties keep passage order.
    const best: number[] = [];
    for (let i = 0; i < scores.length; i++) {
      const s = scores[i]!;
      if (best.length === k && s <= scores[best[k - 1]!]!) continue;
      let at = best.length;
      while (at > 0 && scores[best[at - 1]!]! < s) at--;
      best.splice(at, 0, i);
      if (best.length > k) best.pop();
    }
    return best;
  }
}

/** Indices of the `k` best passages for `query`, best first; ties keep passage order. */
export function bm25Top(
  query: string,
  passages: readonly string[],
  k: number,
  options: TermOptions = {},
): number[] {
  return new Bm25Index(passages, options).top(query, k);
}
