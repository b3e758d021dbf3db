/**
 * @module Sentence segmentation for report prose: one left-to-right scan that never splits inside a decimal (`60.00%`,
 * `$1.2M`), after an abbreviation or initial (`e.g.`, `U.S.`, `Dr.`, `J. Smith`), or before a lower-case word; that keeps
 * closing quotes, brackets and citation markers (`[path]`, `[DOC:id]`, `[1]`, `[^2]`) with the sentence they end; and
 * that also splits where a citation ends a sentence without a full stop (`… value [IN001/file.md] Next …`).
 */

const ABBREVIATIONS = new Set(
  `e.g i.e etc vs cf al approx est dept div inc ltd co corp llc plc jr sr st mr mrs ms dr prof gen col sgt rev hon
  no nos vol fig figs pp ed eds jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun a.m p.m
  u.s u.k u.n e.u ph.d m.d b.a m.a m.s b.s avg min max incl excl ref refs op misc p pg`
    .split(/\s+/)
    .filter(Boolean),
);

const CLOSERS = new Set(['"', "'", "\u201d", "\u2019", ")", "]", "*", "_"]);

/** Length of a citation-like bracket run starting at `i` (`[…]` groups, possibly several), 0 when none. */
function citationRunLength(text: string, i: number): number {
  let j = i;
  let any = false;
  for (;;) {
    let k = j;
    while (text[k] === " ") k++;
    if (text[k] !== "[") break;
    const close = text.indexOf("]", k + 1);
    if (close < 0 || close - k > 300 || text.slice(k + 1, close).includes("[")) break;
    if (text[close + 1] === "(") break; // a Markdown link starts a new sentence's text
    j = close + 1;
    any = true;
  }
  return any ? j - i : 0;
}

/** The word just before position `i` (letters and inner dots), lower-cased: `U.S` for "the U.S.", `e.g` for "e.g.". */
function wordBefore(text: string, i: number): string {
  let j = i;
  while (j > 0 && /[\p{L}.]/u.test(text[j - 1]!)) j--;
  return text.slice(j, i).toLowerCase().replace(/^\.+/, "");
}

function startsSentence(ch: string | undefined): boolean {
  return ch === undefined || /[\p{Lu}\p{N}"'\u201c\u2018([$€£*_#>]/u.test(ch);
}

/** Sentences of one block of prose (line breaks are spaces here; blocks are split by the document reader). */
export function segmentSentences(text: string): string[] {
  const s = text.replace(/\s+/g, " ").trim();
  const out: string[] = [];
  let start = 0;
  const cut = (end: number) => {
    const piece = s.slice(start, end).trim();
    if (piece) out.push(piece);
    start = end;
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === "]" && s[i + 1] === " ") {
      // A citation that ends a sentence with no full stop before it: "… $1.2M [a/b.md] Next sentence".
      const open = s.lastIndexOf("[", i);
      const before = open > 0 ? s[open - 1] : undefined;
      const prevChar = open > 1 ? s.slice(0, open).trimEnd().slice(-1) : "";
      const next = s[i + 2];
      if (open >= 0 && before === " " && /[\p{L}\p{N}%)]/u.test(prevChar) && next && /[\p{Lu}]/u.test(next)) {
        const run = citationRunLength(s, i + 1);
        cut(i + 1 + run);
      }
      continue;
    }
    if (ch !== "." && ch !== "!" && ch !== "?") continue;
    if (ch === ".") {
      const prev = s[i - 1];
      const next = s[i + 1];
      if (prev && /\d/.test(prev) && next && /\d/.test(next)) continue; // decimal
      if (next === "." || (prev === "." && next !== " ")) continue; // ellipsis in progress
      const word = wordBefore(s, i);
      if (ABBREVIATIONS.has(word)) continue;
      if (/^\p{Lu}$/u.test(s[i - 1] ?? "") && (i < 2 || !/\p{L}/u.test(s[i - 2]!))) continue; // initial "J."
      if (next && next !== " " && !CLOSERS.has(next) && next !== "[") continue; // "file.md", "3.x"
    }
    let end = i + 1;
    while (end < s.length && (CLOSERS.has(s[end]!) || s[end] === "!" || s[end] === "?" || s[end] === "."))
      end++;
    end += citationRunLength(s, end);
    let k = end;
    while (s[k] === " ") k++;
    if (k >= s.length) break;
    if (!startsSentence(s[k])) continue;
    cut(end);
    i = end - 1;
  }
  cut(s.length);
  return out;
}
