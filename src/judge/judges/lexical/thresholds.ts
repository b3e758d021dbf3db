/** @module The lexical judge's calibrated thresholds (see `scripts/bench/judge.ts` for their agreement with construction labels). */
export const LEXICAL_THRESHOLDS = {
  /** Minimum TF-IDF cosine for two steps to align. */
  align: 0.3,
  /** Minimum share of a claim sentence's content lemmas found in its best cited passages. */
  support: 0.6,
  /** Minimum TF-IDF cosine for a report insight to state a reference fact. */
  insight: 0.35,
  /** Report sentences shorter than this many content terms are not insights. */
  minInsightTerms: 4,
} as const;
