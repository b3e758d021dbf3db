/** @module Inline citation markers `[DOC:src_N]`: find them in text and strip them from the end of a text. */

/** `[DOC:src_3]`, `[DOC: src_3, src_4]`, `[DOC:doc-3f9a2c1b7e40]`. */
const MARKER = /\[DOC:\s*([^\]]+)\]/g;
const TRAILING = /(?:\s*\[DOC:\s*[^\]]+\])+\s*$/;

/** Citation keys in order of first appearance, deduplicated. */
export function citationKeys(...texts: string[]): string[] {
  const keys: string[] = [];
  for (const text of texts) {
    for (const m of text.matchAll(MARKER)) {
      for (const part of m[1]!.split(/[,;]\s*/)) {
        const key = part.replace(/^DOC:/, "").trim();
        if (key && !keys.includes(key)) keys.push(key);
      }
    }
  }
  return keys;
}

/** The text without the run of markers at its end: `"Use form A [DOC:src_1]"` → `"Use form A"`. */
export function stripTrailingCitations(text: string): string {
  return text.replace(TRAILING, "");
}

/** `text` followed by a marker for each key not already cited inside it. */
export function appendCitations(text: string, keys: readonly string[]): string {
  const present = citationKeys(text);
  const missing = keys.filter((k) => !present.includes(k));
  if (missing.length === 0) return text;
  const markers = missing.map((k) => `[DOC:${k}]`).join("");
  return text ? `${text} ${markers}` : markers;
}

/** Remove every marker (for judging the claim itself). */
export function withoutCitations(text: string): string {
  return text
    .replace(MARKER, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}
