/** @module Text utilities for the extractive agent: whitespace normalization, sentence splitting, content terms (Porter stems). */
import { porterStem } from "../../retrieval/porter.ts";

/** A wrapped line is at least this long; shorter lines without final punctuation are headings or labels. */
const WRAP_MIN = 50;
/** Lines that always start a new line: chat posts, Markdown headings and lists, numbered section headings, quotes, mail headers, step markers. */
const LINE_START = /^(\[|#|[-*•] |> ?|\d+[.)] |[A-Z][A-Za-z-]{1,20}: |step \d+\s*[—–:.-])/i;
/**
 * A numbered section heading ("2 How the Process Runs") starts a new line; case-sensitive, so a wrap that leaves a
 * number at the line start ("… (see section⏎2 of FI-806) is complete.") is still re-joined.
 */
const NUMBERED_HEADING_START = /^\d{1,2} [A-Z]/;

/**
 * Collapse runs of spaces and tabs, trim lines, and re-join lines that PDF or e-mail wrapping broke
 * (a long line without final punctuation, or a line followed by one starting in lower case).
 * Remaining line breaks mark headings, list items and paragraphs.
 */
export function normalizeText(text: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/[\t\u00a0 ]+/g, " ")
    .split("\n")
    .map((l) => l.trim());
  const out: string[] = [];
  for (const line of lines) {
    const prev = out.length > 0 ? out[out.length - 1]! : null;
    const wrapped =
      prev !== null &&
      prev !== "" &&
      line !== "" &&
      !LINE_START.test(line) &&
      !NUMBERED_HEADING_START.test(line) &&
      !/[.!?:;]["”’)]?$/.test(prev) &&
      (prev.length >= WRAP_MIN || /^[a-z]/.test(line));
    if (wrapped) out[out.length - 1] = /[A-Za-z]-$/.test(prev) ? `${prev}${line}` : `${prev} ${line}`;
    else out.push(line);
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A short line without final punctuation: a section heading (PDF headings lose their Markdown marks). */
export function isHeadingLine(line: string): boolean {
  const t = line.replace(/^#+\s*/, "").trim();
  if (!t || t.length >= WRAP_MIN || /[.!?;,]["”’)]?$/.test(t)) return false;
  return /^[A-Z0-9]/.test(t) && t.split(/\s+/).length <= 8;
}

const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "no",
  "nos",
  "vs",
  "etc",
  "inc",
  "ltd",
  "co",
  "corp",
  "e.g",
  "i.e",
  "approx",
  "dept",
  "est",
  "fig",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "u.s",
  "a.m",
  "p.m",
]);

/** Split text into sentences at `.`, `!`, `?` (and `;`-free), not after common abbreviations; line breaks also end sentences. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let start = 0;
    const re = /[.!?]+["'”’)]*\s+(?=["“'(]?[A-Z0-9])/g;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      const before = line.slice(start, m.index);
      const lastWord = /([A-Za-z.]+)$/.exec(before)?.[1]?.toLowerCase() ?? "";
      if (ABBREVIATIONS.has(lastWord) || /^[A-Z]$/i.test(lastWord)) continue;
      out.push(line.slice(start, m.index + m[0].trimEnd().length).trim());
      start = m.index + m[0].length;
    }
    const rest = line.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out.filter((s) => s.length > 0);
}

const STOPWORDS = new Set(
  (
    "a an the and or but nor of to in on at by for with from into onto upon as is are was were be been being am do does did " +
    "has have had having this that these those it its it's they them their there here he she his her him we our us you your i me my " +
    "will would shall should can could may might must not no yes if then else otherwise when whenever where while so such than too very " +
    "also just only any all each every both either neither some other another same own about " +
    "again further once during through between out up down off per via which who whom whose what why how " +
    "step steps please thanks thank hi hello fyi re fw fwd let lets let's get got one two"
  ).split(" "),
);

/** Negation cues: a clause carrying one is read as the negative of the same clause without it. */
export const NEGATION =
  /\b(not|no|never|none|nothing|nobody|without|neither|nor|cannot|can't|doesn't|don't|isn't|aren't|wasn't|won't|hasn't|haven't|lacks?|unable)\b/i;

/** Lower-cased word tokens (letters, digits, inner hyphens/apostrophes). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’-][a-z0-9]+)*/g) ?? [];
}

/** Porter-stemmed content terms of a text: stopwords and one-letter tokens dropped. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(porterStem);
}

/** Distinct stemmed content terms. */
export function termSet(text: string): Set<string> {
  return new Set(contentTerms(text));
}

/** Share of `a`'s terms found in `b` (0 when `a` is empty). */
export function coverage(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0) return 0;
  let hit = 0;
  for (const t of a) if (b.has(t)) hit++;
  return hit / a.size;
}

/** Dice similarity of two term sets. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let hit = 0;
  for (const t of a) if (b.has(t)) hit++;
  return (2 * hit) / (a.size + b.size);
}
