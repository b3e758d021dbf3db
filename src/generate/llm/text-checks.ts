/** @module Text checks used by the programmatic validation: normalization, verbatim containment, numbers carried, coverage, overlap. */

/** Lower-case, straight quotes and dashes, bullets removed, whitespace collapsed. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u201b]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/^\s*(?:[-*•]|\d+[.)])\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Is `needle` present in `haystack` word for word (after normalization, ignoring a trailing full stop)? */
export function containsVerbatim(haystack: string, needle: string): boolean {
  const n = normalize(needle).replace(/[.;]+$/, "");
  return n.length > 0 && normalize(haystack).includes(n);
}

const NUMBER = /\d{4}-\d{2}-\d{2}|\$?\d+(?:[,.]\d+)*%?/g;

/** The numbers, amounts and ISO dates a text states, normalized (`1,820` → `1820`, `$50` → `50`, `12.` → `12`). */
export function numbersIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(NUMBER)) {
    const raw = m[0];
    if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) out.add(raw);
    else
      out.add(
        raw
          .replace(/[$%]/g, "")
          .replace(/,(?=\d{3}\b)/g, "")
          .replace(/\.$/, ""),
      );
  }
  return [...out];
}

/** Numbers `source` states that `text` does not (a text carrying a fact must carry its values). */
export function missingNumbers(source: string, text: string): string[] {
  const have = new Set(numbersIn(text));
  return numbersIn(source).filter((n) => !have.has(n));
}

const STOP = new Set(
  "a an and are as at be by for from has have if in into is it its of on or that the their then this to was were will with within".split(
    " ",
  ),
);

export function contentTokens(text: string): string[] {
  return normalize(text)
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !STOP.has(t));
}

/** Share of `a`'s content tokens that also occur in `b` (0 when `a` has none). */
export function coverage(a: string, b: string): number {
  const ta = contentTokens(a);
  if (ta.length === 0) return 0;
  const tb = new Set(contentTokens(b));
  return ta.filter((t) => tb.has(t)).length / ta.length;
}

/** Jaccard similarity of content-token sets. */
export function jaccard(a: string, b: string): number {
  const sa = new Set(contentTokens(a));
  const sb = new Set(contentTokens(b));
  if (sa.size === 0 && sb.size === 0) return 1;
  let inter = 0;
  for (const t of sa) if (sb.has(t)) inter++;
  return inter / (sa.size + sb.size - inter);
}

/** The points of a bullet-style context: one per non-empty line; a long prose line is split into sentences. */
export function contextPoints(context: string): string[] {
  return context
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z])/))
    .map((p) => p.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
    .filter((p) => contentTokens(p).length > 0);
}

export function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}
