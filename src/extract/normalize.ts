/** @module Text normalization for matching extracted text against planted sentences (whitespace, dashes, quotes, hyphen wraps). */

/**
 * Canonical form for comparison: NFKC, typographic quotes and dashes to ASCII, soft hyphens dropped, a line break
 * right after an in-word hyphen removed (PDF layout wraps "in-person" as "in-\nperson", "90-day" as "90-\nday"; the hyphen is kept), all
 * whitespace runs collapsed to one space.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\u00ad/g, "")
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/([A-Za-z0-9])-[ \t]*\r?\n\s*([A-Za-z])/g, "$1-$2")
    .replace(/([A-Za-z])\/[ \t]*\r?\n\s*([A-Za-z])/g, "$1/$2")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `haystack` contains `needle` once both are normalized (case-insensitive). */
export function containsNormalized(haystack: string, needle: string): boolean {
  return normalizeText(haystack).toLowerCase().includes(normalizeText(needle).toLowerCase());
}
