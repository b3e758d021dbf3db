/**
 * @module Which passages of a claim's cited documents the LLM judge shows it: each cited document's best passages for
 * that claim, not the best `k` of all of them (a long policy would crowd out the short case note the claim also
 * cites). Passages are headed `[document id] (title) text` (metrics/factuality.ts).
 */

/** The document a passage belongs to, from its `[document id]` head ("" when it has none). */
export function passageDocument(passage: string): string {
  return /^\[([^\]]+)\]/.exec(passage)?.[1] ?? "";
}

/**
 * Indices of the passages to show, best first: every cited document's best passage by `score`, then the best of the
 * rest up to `k` in all (ties by position). With `k` or fewer passages in all, every one.
 */
export function bestPerDocument(
  passages: readonly string[],
  score: (i: number) => number,
  k: number,
): number[] {
  if (passages.length <= k) return passages.map((_, i) => i);
  const ranked = passages
    .map((p, i) => ({ i, s: score(i), d: passageDocument(p) }))
    .sort((a, b) => b.s - a.s || a.i - b.i);
  const chosen = new Set<number>();
  const seen = new Set<string>();
  for (const x of ranked)
    if (!seen.has(x.d)) {
      seen.add(x.d);
      chosen.add(x.i);
    }
  for (const x of ranked) if (chosen.size < k) chosen.add(x.i);
  return ranked.filter((x) => chosen.has(x.i)).map((x) => x.i);
}
