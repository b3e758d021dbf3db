/** @module Specific details of a text: names, ids and form codes, dates, amounts — what makes a step personal and concrete. */

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
const PATTERNS: RegExp[] = [
  // ISO and numeric dates
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  // Month-name dates: "March 14, 2025", "14 March 2025", "March 2025"
  new RegExp(`\\b(?:\\d{1,2}\\s+)?(?:${MONTHS})(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?\\b`, "g"),
  // Money and percentages
  /[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|million|billion))?/gi,
  /\b\d[\d,]*(?:\.\d+)?\s?%/g,
  // Ids and form codes: letters and digits joined (CR-12, P-0042, IRB-2025-117, W2, 1099-NEC)
  /\b[A-Za-z]*\d[\w]*(?:[-/][\w]+)+\b/g,
  /\b[A-Z]{1,6}-?\d+[A-Z]?\b/g,
  // Quantities with units and bare numbers of 2+ digits
  /\b\d+(?:\.\d+)?\s?(?:days?|weeks?|months?|years?|hours?|business days|users?|seats?|licenses?|credits?)\b/gi,
  /\b\d{2,}\b/g,
  // Names: two or more capitalised words in a row (people, systems, vendors)
  /\b[A-Z][a-z]+(?:\s+(?:[A-Z][a-z]+|[A-Z]{2,}|of|de|van|von))*\s+[A-Z][A-Za-z]+\b/g,
  // Acronyms and system names in capitals
  /\b[A-Z]{2,}[A-Za-z]*\b/g,
];

/** A detail compared case- and space-insensitively. */
export function normalizeDetail(detail: string): string {
  return detail
    .toLowerCase()
    .replace(/[\s,]+/g, " ")
    .trim();
}

/** The distinct specific details in `text`, normalised, longest first (a longer detail subsumes the shorter inside it). */
export function specificDetails(text: string): string[] {
  const found = new Set<string>();
  for (const re of PATTERNS) for (const m of text.matchAll(re)) found.add(normalizeDetail(m[0]));
  const sorted = [...found].filter((d) => d.length > 1).sort((a, b) => b.length - a.length);
  const kept: string[] = [];
  for (const d of sorted) if (!kept.some((k) => k.includes(d))) kept.push(d);
  return kept;
}

/** Whether `detail` occurs in `text`, or — for a multi-word detail — most of its words do. */
export function mentions(text: string, detail: string): boolean {
  const hay = normalizeDetail(text);
  if (hay.includes(detail)) return true;
  const parts = detail.split(" ").filter((p) => p.length > 2);
  if (parts.length < 2) return false;
  const present = parts.filter((p) => hay.includes(p)).length;
  return present / parts.length >= 0.67;
}

/** Share of `details` that `text` mentions (1 when there are none to mention). */
export function detailCoverage(text: string, details: readonly string[]): number {
  if (details.length === 0) return 1;
  return details.filter((d) => mentions(text, d)).length / details.length;
}
