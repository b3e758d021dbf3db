/** @module BM25 over SQLite FTS5: free text → a safe FTS5 query of OR'ed terms. */
import { words } from "./tokenize.ts";

/** Build an FTS5 MATCH expression from free text: each distinct word quoted (so no operator injection), OR'ed; null when empty. */
export function ftsQuery(text: string): string | null {
  const terms = [...new Set(words(text))];
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
}
