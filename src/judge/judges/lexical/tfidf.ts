/** @module TF-IDF vectors with cosine similarity over a small corpus (steps of two workflows, sentences of a report). */
import { type TermOptions, terms } from "./terms.ts";

export type SparseVector = Map<string, number>;

/** Sublinear TF × smoothed IDF, L2-normalised: idf = ln((1 + N) / (1 + df)) + 1. */
export class TfIdf {
  private readonly df = new Map<string, number>();
  private readonly n: number;

  constructor(
    corpus: readonly string[],
    private readonly options: TermOptions = {},
  ) {
    this.n = corpus.length;
    for (const doc of corpus)
      for (const t of new Set(terms(doc, options))) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  idf(term: string): number {
    return Math.log((1 + this.n) / (1 + (this.df.get(term) ?? 0))) + 1;
  }

  vector(text: string): SparseVector {
    const tf = new Map<string, number>();
    for (const t of terms(text, this.options)) tf.set(t, (tf.get(t) ?? 0) + 1);
    const v: SparseVector = new Map();
    let norm = 0;
    for (const [t, f] of tf) {
      const w = (1 + Math.log(f)) * this.idf(t);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  }
}

export function cosine(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) dot += w * (large.get(t) ?? 0);
  return dot;
}

/** Pairwise cosine similarities `rows × cols` under one TF-IDF model fitted on both sides. */
export function similarityMatrix(
  rows: readonly string[],
  cols: readonly string[],
  options: TermOptions = {},
): number[][] {
  const model = new TfIdf([...rows, ...cols], options);
  const rv = rows.map((r) => model.vector(r));
  const cv = cols.map((c) => model.vector(c));
  return rv.map((r) => cv.map((c) => cosine(r, c)));
}
