/** @module Reciprocal rank fusion: merge ranked lists by Σ 1 / (k + rank). */

export const RRF_K = 60;

/** Fuse ranked id lists (best first); returns ids with fused scores, best first, ties broken by first appearance. */
export function reciprocalRankFusion(lists: string[][], k = RRF_K): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
