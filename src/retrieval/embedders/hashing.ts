/** @module The offline embedder: signed feature hashing of stemmed word unigrams, bigrams and character n-grams, L2-normalized. */
import { suffixStem, words } from "../tokenize.ts";
import { type Embedder, l2normalize } from "./embedder.ts";

export type HashingOptions = {
  dim?: number;
  charNgrams?: number[];
  weights?: { unigram: number; bigram: number; char: number };
};

const DEFAULTS = { dim: 512, charNgrams: [3, 4], weights: { unigram: 1, bigram: 0.7, char: 0.35 } };

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
  const embedOne = (text: string): number[] => {
    const counts = new Map<string, number>();
    const add = (feature: string, w: number) => counts.set(feature, (counts.get(feature) ?? 0) + w);
    const stems = words(text).map(suffixStem);
    stems.forEach((s, i) => {
      add(`u:${s}`, weights.unigram);
      if (i > 0) add(`b:${stems[i - 1]} ${s}`, weights.bigram);
      const padded = `^${s}$`;
      for (const n of charNgrams) {
        for (let j = 0; j + n <= padded.length; j++) add(`c:${padded.slice(j, j + n)}`, weights.char);
      }
    });
    const v = new Array<number>(dim).fill(0);
    for (const [feature, count] of counts) {
      const bucket = fnv1a(feature, 0) % dim;
      const sign = fnv1a(feature, 0x9e3779b9) & 1 ? 1 : -1;
      v[bucket]! += sign * (1 + Math.log(count));
    }
    return l2normalize(v);
  };
  return { name: `hashing-${dim}`, embed: async (texts) => texts.map(embedOne) };
}
