/**
 * @module Text → tokens with lemma, part of speech, negation and entity spans, from wink-nlp's English model
 * (`wink-eng-lite-web-model`): the one place the lexical judge reads language. Analyses are cached by text (a
 * document's passages and a report's steps are read many times).
 */
import { createRequire } from "node:module";
import type WinkNLP from "wink-nlp";

type Nlp = ReturnType<typeof WinkNLP>;

/**
 * wink-nlp with its English model, loaded on first use: loading and initialising the model takes over a second, which
 * no command that does not judge should pay. `its`: wink-nlp's item accessors, typed loosely (its declarations do not
 * admit every accessor on every collection).
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
let wink: { nlp: Nlp; its: any } | null = null;
function winkNlp(): NonNullable<typeof wink> {
  if (!wink) {
    const require = createRequire(import.meta.url);
    const nlp = (require("wink-nlp") as typeof WinkNLP)(require("wink-eng-lite-web-model"));
    wink = { nlp, its: nlp.its };
  }
  return wink;
}

export type Token = {
  /** As written. */
  value: string;
  lower: string;
  lemma: string;
  /** Universal part of speech (NOUN, VERB, PROPN, ADJ, NUM, …). */
  pos: string;
  /** word, number, currency, punctuation, symbol, … */
  type: string;
  stop: boolean;
  /** Inside the scope of a negation ("not", "no", "can't" …), as wink-nlp marks it. */
  negated: boolean;
  /** Index of the sentence the token belongs to. */
  sentence: number;
  /** First word of its sentence (a capital there says nothing about a name). */
  initial: boolean;
};

export type EntitySpan = { value: string; type: string; start: number; end: number };

export type Analysis = { tokens: Token[]; entities: EntitySpan[]; sentences: string[] };

const cache = new Map<string, Analysis>();
const CACHE_CAP = 50_000;
/** And of at most this many characters in all: an analysis holds ~45 bytes of heap per character, so ~450 MB at most. */
const CACHE_CHARS = 10_000_000;
let cachedChars = 0;
/** Longer texts are analysed in pieces of about this many characters (at sentence ends), bounding wink's work per call. */
const PIECE = 20_000;

/**
 * Negations wink-nlp does not mark ("not", "no", "n't" it does): the words after "instead of" / "rather than" and
 * after a negative quantifier ("paid nothing on the invoice", "none of the forms"), up to the clause's end.
 */
const CONTRAST = /^(?:instead|rather)$/;
const CONTRAST_NEXT = /^(?:of|than)$/;
const NEGATIVE = /^(?:nothing|none|neither|nor|nobody|without)$/;

function markContrast(tokens: Token[], from: number): void {
  const scope = (start: number) => {
    for (let j = start; j < tokens.length && tokens[j]!.type !== "punctuation"; j++)
      tokens[j]!.negated = true;
  };
  for (let i = from; i < tokens.length; i++) {
    if (NEGATIVE.test(tokens[i]!.lower)) scope(i + 1);
    else if (CONTRAST.test(tokens[i]!.lower) && CONTRAST_NEXT.test(tokens[i + 1]?.lower ?? "")) scope(i + 2);
  }
}

const CLAUSE_JOIN = /^(?:and|but)$/;
const NEGATOR = /^(?:not|no|never|n't|cannot|nothing|none|neither|nor|nobody|without)$/;

/**
 * wink-nlp marks everything after "no" / "not" up to the next punctuation as negated. Once the negated clause has its
 * verb ("no reinspection is needed"), an "and" or "but" starts another clause, affirmed again up to its end or its own
 * negation ("… and complete the review on the existing file"); before its verb the scope goes on ("no mask and gown").
 */
function endAtNextClause(tokens: Token[], from: number): void {
  let verb = false;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.negated || t.type === "punctuation") {
      verb = false;
      continue;
    }
    if (CLAUSE_JOIN.test(t.lower) && verb) {
      for (
        let j = i;
        j < tokens.length && tokens[j]!.type !== "punctuation" && !NEGATOR.test(tokens[j]!.lower);
        j++
      )
        tokens[j]!.negated = false;
      verb = false;
      continue;
    }
    if (t.pos === "VERB" || t.pos === "AUX") verb = true;
  }
}

function analyzePiece(text: string, sentenceBase: number, out: Analysis): void {
  // A hyphen between letters joins two words ("Spanish-language", "air-purifying"); wink-nlp's tokenizer splits some
  // such compounds mid-word ("lang|u|age"), so they are read as two words. Codes keep theirs (a digit is next to it).
  const { nlp, its } = winkNlp();
  const doc = nlp.readDoc(text.replace(/(?<=\p{L})-(?=\p{L})/gu, " "));
  const base = out.tokens.length;
  const values = doc.tokens().out(its.value) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemmas = doc.tokens().out(its.lemma) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  const negs = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const sentenceOf = new Array<number>(values.length).fill(0);
  const initial = new Array<boolean>(values.length).fill(false);
  const spans = doc.sentences().out(its.span as never) as unknown as [number, number][];
  const texts = doc.sentences().out() as string[];
  spans.forEach(([s, e], i) => {
    for (let t = s; t <= e; t++) sentenceOf[t] = sentenceBase + i;
    let first = s;
    while (first <= e && (types[first] === "punctuation" || types[first] === "symbol")) first++;
    if (first <= e) initial[first] = true;
  });
  for (let i = 0; i < values.length; i++) {
    out.tokens.push({
      value: values[i]!,
      lower: values[i]!.toLowerCase(),
      lemma: (lemmas[i] ?? values[i]!).toLowerCase(),
      pos: pos[i]!,
      type: types[i]!,
      stop: Boolean(stops[i]),
      negated: Boolean(negs[i]),
      sentence: sentenceOf[i]!,
      initial: initial[i]!,
    });
  }
  endAtNextClause(out.tokens, base);
  markContrast(out.tokens, base);
  const details = doc.entities().out(its.detail) as unknown as { value: string; type: string }[];
  const entitySpans = doc.entities().out(its.span as never) as unknown as [number, number][];
  details.forEach((d, i) => {
    const [s, e] = entitySpans[i]!;
    out.entities.push({ value: d.value, type: d.type, start: base + s, end: base + e });
  });
  out.sentences.push(...texts);
}

/** Split at sentence ends into pieces of at most about PIECE characters. */
function pieces(text: string): string[] {
  if (text.length <= PIECE) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > PIECE) {
    const window = rest.slice(0, PIECE);
    const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf("\n"));
    const at = cut > PIECE / 2 ? cut + 1 : PIECE;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest.trim()) out.push(rest);
  return out;
}

/** Tokens, entities and sentences of a text (cached). */
export function analyze(text: string): Analysis {
  const hit = cache.get(text);
  if (hit) return hit;
  const out: Analysis = { tokens: [], entities: [], sentences: [] };
  for (const piece of pieces(text)) analyzePiece(piece, out.sentences.length, out);
  if (cache.size >= CACHE_CAP || cachedChars + text.length > CACHE_CHARS) {
    cache.clear();
    cachedChars = 0;
  }
  cache.set(text, out);
  cachedChars += text.length;
  return out;
}

/** Sentences of a text as wink-nlp splits them. */
export function sentencesOf(text: string): string[] {
  return analyze(text).sentences;
}
