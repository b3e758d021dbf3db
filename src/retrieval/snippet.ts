/** @module Snippets: the window of a chunk that best matches a query, for printing hits. */
import { suffixStem, words } from "./tokenize.ts";

/** The spans `words` tokenizes (letters and digits, inner `'`/`-` kept), matched on the original text for offsets. */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** A word's (or a cut word's) stems, memoized (forgotten at 100,000 entries): the same words recur across chunks. */
const tokenStems = new Map<string, string[]>();
function stemsOf(token: string): string[] {
  let stems = tokenStems.get(token);
  if (!stems) {
    if (tokenStems.size >= 100_000) tokenStems.clear();
    stems = words(token).map(suffixStem);
    tokenStems.set(token, stems);
  }
  return stems;
}

/**
 * The `width`-character window of `text` holding the most query stems (ties: the earliest), starting at a word and cut
 * at word boundaries, on one line. One pass: the text is tokenized once with offsets and a window slides over the word
 * starts, scoring the words it holds whole by prefix sums and only the word its end cuts by its visible part.
 */
export function snippet(text: string, query: string, width = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const targets = new Set(words(query).map(suffixStem));
  const matches = (s: string): number => {
    let n = 0;
    for (const stem of stemsOf(s)) if (targets.has(stem)) n++;
    return n;
  };
  const starts: number[] = [];
  const ends: number[] = [];
  const prefix = [0];
  for (const m of flat.matchAll(WORD)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    prefix.push(prefix[prefix.length - 1]! + matches(m[0]));
  }
  let best = 0;
  let bestScore = -1;
  let first = 0; // first word starting inside the window
  let cut = 0; // first word not ending inside the window
  for (const t of flat.matchAll(/\S+/g)) {
    const start = t.index;
    const end = start + width;
    while (first < starts.length && starts[first]! < start) first++;
    while (cut < ends.length && ends[cut]! <= end) cut++;
    let score = prefix[cut]! - prefix[first]!;
    if (cut < starts.length && starts[cut]! < end) score += matches(flat.slice(starts[cut]!, end));
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
    if (end >= flat.length) break;
  }
  const shown = flat.slice(best, best + width).replace(/\s\S*$/, "");
  return `${best > 0 ? "…" : ""}${shown}${best + shown.length < flat.length ? "…" : ""}`;
}
