/** @module Word tokenization and the light stemmer shared by the hashing embedder, the snippet picker and the FTS5 query builder. */

const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "of on or our should so than that the their them then there these they this to was we were what when where " +
    "which who will with would you your my me us not no yes any all each per via"
  ).split(" "),
);

/** Lowercased word tokens (letters and digits, inner `'`/`-` dropped), stopwords removed. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)) {
    const raw = m[0];
    const w = raw.includes("'") || raw.includes("’") || raw.includes("-") ? raw.replace(/['’-]/g, "") : raw;
    if (w.length > 1 && !STOPWORDS.has(w)) out.push(w);
  }
  return out;
}

/**
 * A light suffix stripper (plural, -ing, -ed, -ly, -ation) so "consents", "consenting" and "consent" share a stem.
 * Retrieval keeps it instead of the Porter stemmer (`porter.ts`, which the judge's lexical terms use): with Porter
 * stems the hashing embedder's vectors got worse on the retrieval bench (vector hit@5 on the demo suite 0.964 → 0.942,
 * title-only hybrid unchanged) and an exact document title in the DRBench import test no longer found its document.
 */
export function suffixStem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ["ations", "ation", "ings", "ing", "ies", "ed", "es", "ly", "s"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      return suffix === "ies" ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
    }
  }
  return word;
}
