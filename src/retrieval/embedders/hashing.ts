/**
 * @module The offline embedder: signed feature hashing of stemmed word unigrams and bigrams (character n-grams on
 * request) with sublinear term frequency, L2-normalized.
 */
import { suffixStem, words } from "../tokenize.ts";
import type { Embedder } from "./embedder.ts";

export type HashingOptions = {
  dim?: number;
  /** Character n-gram lengths, e.g. `[3, 4]` (none by default). */
  charNgrams?: number[];
  /** Weight of each feature kind: word unigrams, word bigrams, character n-grams (shared across all n-grams of a word). */
  weights?: { unigram: number; bigram: number; char: number };
};

/**
 * Defaults, measured with `bun scripts/bench/retrieval.ts` (demo suite and a held-out procedural suite, seed 11, both
 * query modes): 4,096 buckets, since at 512 hash collisions between a short query's few features and a chunk's many
 * made vector hit@5 on step titles 0.81 instead of 0.91; bigrams at half a word's weight; character n-grams off,
 * since with them on (weight 0.5) title-only hybrid hit@5 fell 0.914 → 0.899 (demo) and 0.930 → 0.922 (held out):
 * n-grams shared by unrelated words ("ion", "con") add noise that short queries cannot outvote. When enabled, one
 * word's n-grams together carry `char`² of the vector energy its unigram carries (each gets `char / √count`).
 */
const DEFAULTS = { dim: 4096, charNgrams: [] as number[], weights: { unigram: 1, bigram: 0.5, char: 0.5 } };

/** FNV-1a, 32-bit, with a seed so two independent hashes (bucket, sign) come from one function. */
function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Deterministic vectors with no model and no network: similar wording → nearby vectors. */
export function hashingEmbedder(options: HashingOptions = {}): Embedder {
  const dim = options.dim ?? DEFAULTS.dim;
  const charNgrams = options.charNgrams ?? DEFAULTS.charNgrams;
  const weights = options.weights ?? DEFAULTS.weights;
  /** Feature name (`u:`, `b:` or `c:` + text) → its occurrences and their summed weight. */
  const features = (text: string): Map<string, { count: number; weight: number }> => {
    const tf = new Map<string, { count: number; weight: number }>();
    const add = (feature: string, w: number) => {
      const seen = tf.get(feature);
      if (seen) {
        seen.count += 1;
        seen.weight += w;
      } else tf.set(feature, { count: 1, weight: w });
    };
    let previous: string | null = null;
    for (const word of words(text)) {
      const s = suffixStem(word);
      add(`u:${s}`, weights.unigram);
      if (previous !== null) add(`b:${previous} ${s}`, weights.bigram);
      previous = s;
      if (charNgrams.length === 0) continue;
      const padded = `^${s}$`;
      const grams: string[] = [];
      for (const n of charNgrams)
        for (let j = 0; j + n <= padded.length; j++) grams.push(padded.slice(j, j + n));
      for (const g of grams) add(`c:${g}`, weights.char / Math.sqrt(grams.length));
    }
    return tf;
  };
  // One scratch accumulator, cleared after each text (embedding is synchronous, so it is never shared).
  const scratch = new Float64Array(dim);
  /** The unit vector of `text` written into `out` (all zeros): l2normalize's arithmetic on the buckets it touches. */
  const vectorize = <V extends number[] | Float64Array>(text: string, out: V): V => {
    const touched: number[] = [];
    for (const [feature, { count, weight }] of features(text)) {
      // Mean weight × (1 + ln tf): a word said ten times is not ten times the evidence.
      const value = (weight / count) * (1 + Math.log(count));
      const bucket = fnv1a(feature, 0) % dim;
      if (scratch[bucket] === 0) touched.push(bucket);
      scratch[bucket]! += fnv1a(feature, 0x9e3779b9) & 1 ? value : -value;
    }
    let sum = 0;
    for (let i = 0; i < dim; i++) sum += scratch[i]! * scratch[i]!;
    const norm = Math.sqrt(sum);
    for (const bucket of touched) {
      // A bucket listed twice (it went back to 0 and was touched again) was written and cleared the first time.
      const value = scratch[bucket]!;
      if (value === 0) continue;
      out[bucket] = norm === 0 ? value : value / norm;
      scratch[bucket] = 0;
    }
    return out;
  };
  return {
    name: `hashing-${dim}`,
    embed: async (texts) => texts.map((t) => vectorize(t, new Array<number>(dim).fill(0))),
    embedFloat64: async (texts) => texts.map((t) => vectorize(t, new Float64Array(dim))),
  };
}
