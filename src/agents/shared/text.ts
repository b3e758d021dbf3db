/** @module Small text helpers shared by the agents: term sets, overlap, sentence picking, fair budget shares. */

import { segmentSentences } from "../../retrieval/segment.ts";

const WORD = /[\p{L}\p{N}]+/gu;
const STOP = new Set(
  "the a an and or of to in on for with by at from is are be this that these those it its as was were will must should can may any each all per into than then if else".split(
    " ",
  ),
);

export function termSet(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((t) => t.length > 1 && !STOP.has(t)));
}

/** Share of `query`'s terms present in `text` (0 when the query has none). */
export function overlap(query: Set<string>, text: string): number {
  if (query.size === 0) return 0;
  const t = termSet(text);
  let n = 0;
  for (const q of query) if (t.has(q)) n += 1;
  return n / query.size;
}

/**
 * The sentences of a text, each whole: a line break splits — except a hard wrap, a line ending in a word or a comma
 * whose next line goes on in lower case ("…under the kitchen\nsink at the insured property.", as e-mail bodies are
 * wrapped) — and within a line retrieval's segmenter, which never splits after a title or an initial ("The nurse who
 * has Mr. Acheampong isn't fit tested yet." is one sentence).
 */
export function sentences(text: string): string[] {
  return text
    .replace(/([\p{L},])[ \t]*\n(?=[ \t]*\p{Ll})/gu, "$1 ")
    .split(/\n+/)
    .flatMap((line) => segmentSentences(line))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The sentence of `text` that shares most terms with `query` (first on ties), trimmed to `max` characters. */
export function bestSentence(text: string, query: string, max = 240): string {
  const q = termSet(query);
  let best = "";
  let score = -1;
  for (const s of sentences(text)) {
    const o = overlap(q, s);
    if (o > score) {
      best = s;
      score = o;
    }
  }
  return best.length > max ? `${best.slice(0, max - 1).trimEnd()}…` : best;
}

/**
 * Fit texts into a character budget fairly (water-filling): short texts keep everything, long ones share what is
 * left equally. Returns the allowed length of each text, in input order.
 */
export function fairShares(lengths: readonly number[], budget: number): number[] {
  const shares = lengths.map(() => 0);
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a]! - lengths[b]!);
  let remaining = Math.max(0, budget);
  order.forEach((i, k) => {
    const give = Math.min(lengths[i]!, Math.floor(remaining / (order.length - k)));
    shares[i] = give;
    remaining -= give;
  });
  return shares;
}
