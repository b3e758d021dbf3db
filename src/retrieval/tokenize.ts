/** @module Word tokenization shared by the hashing embedder, the snippet picker and the FTS5 query builder. */

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
    const w = m[0].replace(/['’-]/g, "");
    if (w.length > 1 && !STOPWORDS.has(w)) out.push(w);
  }
  return out;
}
