/** @module Snippets: the window of a chunk that best matches a query, for printing hits. */
import { suffixStem, words } from "./tokenize.ts";

/** The `width`-character window of `text` holding the most query stems, cut at word boundaries, on one line. */
export function snippet(text: string, query: string, width = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const targets = new Set(words(query).map(suffixStem));
  let best = 0;
  let bestScore = -1;
  const tokens = [...flat.matchAll(/\S+/g)];
  for (const t of tokens) {
    const start = t.index ?? 0;
    const windowText = flat.slice(start, start + width);
    let score = 0;
    for (const w of words(windowText)) if (targets.has(suffixStem(w))) score++;
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
    if (start + width >= flat.length) break;
  }
  const cut = flat.slice(best, best + width).replace(/\s\S*$/, "");
  return `${best > 0 ? "…" : ""}${cut}${best + cut.length < flat.length ? "…" : ""}`;
}
