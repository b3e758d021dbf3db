/**
 * @module Concrete details of a text — codes and ids (TB-173, MRN-494896, N95), numbers in digits or words ("twelve"
 * = 12, "$74" = 74, "15%" = 15), dates (by month and day, any layout), names (capitalised runs, wink-nlp's proper
 * nouns) and acronyms — and an index of a text that says whether it carries a detail, in whatever form it writes it.
 */
import { type Figure, figures, hasFigure } from "../../../../core/index.ts";
import { analyze, type Token } from "./analyze.ts";
import { synonyms } from "./wordnet.ts";

export type DetailKind = "code" | "number" | "date" | "name" | "acronym";

/** One detail: what it says, and the keys a text carrying it has (any one is enough, except dates: the month and day). */
export type Detail = { text: string; kind: DetailKind; keys: string[]; figure?: Figure };

/** Tokens of letters and digits joined by - / . (ids, form codes, document codes, "30-day"); `isCode` says which are codes. */
const CODE = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[-/.][\p{L}\p{N}]+)*/gu;

/** A code has digits and either a capital letter or a segment that glues letters to digits (N95, W2); ordinals are numbers. */
function isCode(token: string): boolean {
  if (!/\p{N}/u.test(token) || !/\p{L}/u.test(token)) return false;
  if (/^\d+(?:st|nd|rd|th)$/i.test(token)) return false;
  return (
    /\p{Lu}/u.test(token) || token.split(/[-/.]/).some((seg) => /\p{L}/u.test(seg) && /\p{N}/u.test(seg))
  );
}
/(?<![\p{L}\p{N}.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}.,])\d+(?:\.\d+)?(?![\p{L}\p{N}])/gu;

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;
const TITLES = new Set(["mr", "mrs", "ms", "dr", "prof", "st", "sir", "madam", "miss"]);

/** A number written in words ("twelve", "twenty-four", "a hundred"), or null. */
export function numberWord(word: string): number | null {
  const w = word.toLowerCase();
  if (w in UNITS) return UNITS[w]!;
  if (w in TENS) return TENS[w]!;
  const [tens, unit] = w.split("-");
  if (tens && unit && tens in TENS && unit in UNITS && UNITS[unit]! < 10) return TENS[tens]! + UNITS[unit]!;
  if (w === "hundred") return 100;
  if (w === "dozen") return 12;
  return null;
}

const codeKey = (code: string) => code.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The month a word names ("March", "Mar", "Mar."), or null. */
function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w.length < 3) return null;
  const i = MONTHS.findIndex(
    (m) => m.startsWith(w) && (w.length === 3 || w === m || (m === "september" && w === "sept")),
  );
  return i < 0 ? null : i + 1;
}

/** Month-day keys of the dates in a text: "March 15", "15 Mar 2025", "2025-03-15", "Mar. 15th". */
function dateKeys(text: string): { raw: string; key: string }[] {
  const out: { raw: string; key: string }[] = [];
  const re =
    /\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,9})\.?(?:,?\s+\d{4})?|\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?/g;
  // Quarters in words: "the second quarter of 2024" is Q2.
  const ordinal: Record<string, number> = {
    first: 1,
    second: 2,
    third: 3,
    fourth: 4,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
  };
  for (const m of text.matchAll(/\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\b/gi))
    out.push({ raw: m[0], key: `q${ordinal[m[1]!.toLowerCase()]}` });
  for (const m of text.matchAll(re)) {
    if (m[1]) out.push({ raw: m[0], key: `${Number(m[2])}-${Number(m[3])}` });
    else if (m[4]) {
      const month = monthOf(m[5]!);
      if (month) out.push({ raw: m[0], key: `${month}-${Number(m[4])}` });
    } else if (m[6]) {
      const month = monthOf(m[6]);
      if (month) out.push({ raw: m[0], key: `${month}-${Number(m[7])}` });
    }
  }
  return out;
}

function isCapitalised(t: Token): boolean {
  return t.type === "word" && /^\p{Lu}/u.test(t.value) && /\p{Ll}/u.test(t.value);
}

/** A sentence's first word is a name only when WordNet does not know it as an ordinary word ("Move", "Submit" are verbs). */
function nameAtStart(t: Token): boolean {
  return t.pos === "PROPN" && synonyms(t.lower).length === 0 && monthOf(t.lower) === null;
}

/** Runs of capitalised words (people, places, systems), with titles dropped; the run's words are its keys. */
function names(tokens: readonly Token[]): Detail[] {
  const out: Detail[] = [];
  let run: Token[] = [];
  const flush = () => {
    const words = run.filter((t) => !TITLES.has(t.lower.replace(/\.$/, "")) && monthOf(t.lower) === null);
    const keys = words.map((t) => t.lower.replace(/'s$/, "")).filter((k) => k.length >= 3);
    if (keys.length > 0) out.push({ text: run.map((t) => t.value).join(" "), kind: "name", keys });
    run = [];
  };
  let clauseStart = false;
  for (const t of tokens) {
    const title = TITLES.has(t.lower.replace(/\.$/, ""));
    // The first word of a clause after ":" or ";" ("Value: 350,000; Period: Q1") is capitalised as a sentence's is.
    const initial = t.initial || clauseStart;
    clauseStart = t.value === ":" || t.value === ";";
    const capital = isCapitalised(t) && (!initial || title || nameAtStart(t));
    if (capital || (run.length > 0 && t.value === "'s")) {
      if (t.value !== "'s") run.push(t);
    } else if (run.length > 0) flush();
    if (t.type === "punctuation") flush();
  }
  flush();
  return out;
}

/** Every concrete detail of a text, distinct by kind and keys. */
export function concreteDetails(text: string): Detail[] {
  const out: Detail[] = [];
  const seen = new Set<string>();
  const add = (d: Detail) => {
    const k = `${d.kind}:${d.keys.join(" ")}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(d);
    }
  };
  const codes = new Set<string>();
  for (const m of text.matchAll(CODE)) {
    const code = m[0].replace(/\.$/, "");
    if (!isCode(code)) continue;
    // A quarter ("Q2") is a period, carried by any date in it.
    const quarter = /^Q([1-4])$/i.exec(code);
    if (quarter) {
      codes.add(code);
      add({ text: code, kind: "date", keys: [`q${quarter[1]}`] });
      continue;
    }
    codes.add(code);
    add({ text: code, kind: "code", keys: [codeKey(code)] });
  }
  // Channel and tag names ("#coverage-counsel") name a thing as an id does.
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])#[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)) {
    codes.add(m[0]);
    add({ text: m[0], kind: "code", keys: [codeKey(m[0])] });
  }
  const bare = [...codes].reduce((t, c) => t.split(c).join(" "), text);
  const dates = dateKeys(bare);
  for (const d of dates) add({ text: d.raw, kind: "date", keys: [d.key] });
  const undated = dates.reduce((t, d) => t.split(d.raw).join(" "), bare);
  // Figures in any written form: "1.2 million" = 1200000, "15%" = 0.15 (core/figures).
  for (const f of figures(undated)) add({ text: f.raw, kind: "number", keys: [String(f.value)], figure: f });
  const { tokens } = analyze(text);
  for (const t of tokens) {
    const n = numberWord(t.lower);
    if (n !== null && n > 1)
      add({
        text: t.value,
        kind: "number",
        keys: [String(n)],
        figure: { raw: t.value, value: n, percent: false },
      });
  }
  for (const n of names(tokens)) add(n);
  for (const t of tokens)
    if (t.type === "word" && /^\p{Lu}{2,}s?$/u.test(t.value) && ![...codes].some((c) => c.includes(t.value)))
      add({ text: t.value, kind: "acronym", keys: [t.lower.replace(/s$/, "")] });
  return out;
}

/** What a text carries, for `carries`: code keys, number values, month-day keys, lower-case words. */
export type DetailIndex = {
  codes: Set<string>;
  numbers: Set<string>;
  figures: Figure[];
  dates: Set<string>;
  words: Set<string>;
};

export function detailIndex(text: string): DetailIndex {
  const index: DetailIndex = {
    codes: new Set(),
    numbers: new Set(),
    figures: figures(text, { ambiguousCommas: true }),
    dates: new Set(),
    words: new Set(),
  };
  for (const d of concreteDetails(text)) {
    if (d.kind === "code") {
      index.codes.add(d.keys[0]!);
      // A code's digits are its number too ("form 1099-NEC" carries 1099).
      for (const n of d.text.match(/\d+/g) ?? []) {
        index.numbers.add(String(Number(n)));
        index.figures.push({ raw: n, value: Number(n), percent: false });
      }
    } else if (d.kind === "number") {
      index.numbers.add(d.keys[0]!);
      if (d.figure) index.figures.push(d.figure);
    } else if (d.kind === "date") {
      const key = d.keys[0]!;
      index.dates.add(key);
      if (key.startsWith("q")) continue;
      const [month, day] = key.split("-").map(Number) as [number, number];
      index.dates.add(`q${Math.floor((month - 1) / 3) + 1}`);
      for (const n of [month, day]) {
        index.numbers.add(String(n));
        index.figures.push({ raw: String(n), value: n, percent: false });
      }
    }
  }
  for (const t of analyze(text).tokens) {
    if (t.type !== "word") continue;
    index.words.add(t.lower.replace(/'s$/, ""));
    index.words.add(t.lower.replace(/s$/, ""));
    index.words.add(t.lemma);
  }
  return index;
}

const indexes = new Map<string, DetailIndex>();
/** A text's detail index (cached). */
export function detailIndexOf(text: string): DetailIndex {
  let i = indexes.get(text);
  if (!i) {
    i = detailIndex(text);
    if (indexes.size > 20_000) indexes.clear();
    indexes.set(text, i);
  }
  return i;
}

/** The index of texts read together (a claim's cited passages): each part's index, analysed once, merged. */
export function mergedDetailIndex(parts: readonly DetailIndex[]): DetailIndex {
  const merged: DetailIndex = {
    codes: new Set(),
    numbers: new Set(),
    figures: [],
    dates: new Set(),
    words: new Set(),
  };
  for (const p of parts) {
    for (const c of p.codes) merged.codes.add(c);
    for (const n of p.numbers) merged.numbers.add(n);
    for (const d of p.dates) merged.dates.add(d);
    for (const w of p.words) merged.words.add(w);
    merged.figures.push(...p.figures);
  }
  return merged;
}

/** Whether a text (by its index) carries a detail: a code exactly, a number by value, a date by month and day, a name by any of its words. */
export function carries(index: DetailIndex, detail: Detail): boolean {
  switch (detail.kind) {
    case "code":
      return index.codes.has(detail.keys[0]!);
    case "number":
      return detail.figure ? hasFigure(detail.figure, index.figures) : index.numbers.has(detail.keys[0]!);
    case "date":
      return index.dates.has(detail.keys[0]!);
    case "name":
      return detail.keys.some((k) => index.words.has(k));
    case "acronym":
      return index.words.has(detail.keys[0]!) || index.words.has(`${detail.keys[0]!}s`);
  }
}
