/**
 * @module Content lemmas and vocabularies: a text's content words as lemmas (wink-nlp) with their part of speech and
 * negation, and a vocabulary that says whether a lemma is present in a text in any inflection (Porter stems of
 * lemmas and forms) or as a WordNet synonym (either way round).
 */
import { porterStem } from "../../../../retrieval/index.ts";
import { analyze, type Token } from "./analyze.ts";
import { synonyms, type WordNetPos } from "./wordnet.ts";

export type Lemma = {
  lemma: string;
  /** WordNet's part of speech, null for a word WordNet has no category for (proper nouns keep "noun"). */
  pos: WordNetPos | null;
  stem: string;
  negated: boolean;
  sentence: number;
};

const POS: Record<string, WordNetPos> = { NOUN: "noun", PROPN: "noun", VERB: "verb", ADJ: "adj", ADV: "adv" };

/** Content words that say nothing about a step (what every step does or is). */
const LIGHT = new Set(["be", "have", "do", "get", "make", "step", "use", "need", "also", "then", "so"]);

const stems = new Map<string, string>();
export function stemOf(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = porterStem(word);
    if (stems.size > 200_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/** Letters and digits in one word (N95, W2): a name of a thing, kept as a term. */
const CODE_WORD = /^(?=.*\p{L})(?=.*\d)[\p{L}\d]+$/u;

function isContent(t: Token): boolean {
  if (t.type !== "word" || t.stop) return false;
  if (CODE_WORD.test(t.lower)) return true;
  if (!(t.pos in POS) || !/\p{L}/u.test(t.lower) || /\d/.test(t.lower) || t.lower.length < 2) return false;
  // Abbreviations ("Mrs.", "Dr.") are titles, not content.
  if (t.value.endsWith(".")) return false;
  return !LIGHT.has(t.lemma);
}

/** The content lemmas of a text, in order (repeats kept). */
export function contentLemmas(text: string): Lemma[] {
  return analyze(text)
    .tokens.filter(isContent)
    .map((t) => ({
      lemma: t.lemma,
      pos: POS[t.pos] ?? (CODE_WORD.test(t.lower) ? "noun" : null),
      stem: stemOf(t.lemma),
      negated: t.negated,
      sentence: t.sentence,
    }));
}

/** A lemma's key with its polarity: "¬" before the stem of a negated word ("cannot tolerate" ≠ "tolerates"). */
export function polarKey(l: Pick<Lemma, "stem" | "negated">): string {
  return l.negated ? `¬${l.stem}` : l.stem;
}

/** Distinct content lemmas (by stem). */
export function distinctLemmas(text: string): Lemma[] {
  const seen = new Set<string>();
  return contentLemmas(text).filter((l) => !seen.has(l.stem) && seen.add(l.stem));
}

/** The stems a lemma's WordNet synonyms have (single words; multi-word synonyms as their joined stems). */
/** The stems of a lemma's WordNet synonyms and derived forms in its part of speech (every part of speech when unknown). */
function synonymStems(lemma: string, pos: WordNetPos | null): string[] {
  const key = `${pos ?? "*"}:${lemma}`;
  let hit = synonymCache.get(key);
  if (!hit) {
    hit = synonyms(lemma, pos ?? undefined).map((s) => s.split(" ").map(stemOf).join(" "));
    if (synonymCache.size > 100_000) synonymCache.clear();
    synonymCache.set(key, hit);
  }
  return hit;
}
const synonymCache = new Map<string, string[]>();

/** The words of a text, as stems of lemmas and of forms, and (lazily) the stems of their synonyms. */
export class Vocabulary {
  readonly stems = new Set<string>();
  /** Stems of lemmas with their polarity (polarKey), for `hasPolar`. */
  private readonly polar = new Set<string>();
  /** Stems of consecutive words, for multi-word synonyms ("put up"). */
  private readonly bigrams = new Set<string>();
  private expanded: Set<string> | null = null;
  private readonly lemmas: { lemma: string; pos: WordNetPos | null }[] = [];

  constructor(text: string) {
    const tokens = analyze(text).tokens.filter((t) => t.type === "word");
    let prev = "";
    const seen = new Set<string>();
    for (const t of tokens) {
      const s = stemOf(t.lemma);
      this.stems.add(s);
      this.stems.add(stemOf(t.lower));
      this.polar.add(t.negated ? `¬${s}` : s);
      if (prev) this.bigrams.add(`${prev} ${s}`);
      prev = s;
      if (isContent(t) && !seen.has(s)) {
        seen.add(s);
        this.lemmas.push({ lemma: t.lemma, pos: POS[t.pos] ?? null });
      }
    }
  }

  /** The vocabulary of texts read together (a claim's cited passages), from each one's vocabulary. */
  static union(parts: readonly Vocabulary[]): Vocabulary {
    const v = new Vocabulary("");
    const seen = new Set<string>();
    for (const p of parts) {
      for (const s of p.stems) v.stems.add(s);
      for (const s of p.polar) v.polar.add(s);
      for (const s of p.bigrams) v.bigrams.add(s);
      for (const l of p.lemmas)
        if (!seen.has(`${l.lemma} ${l.pos}`)) {
          seen.add(`${l.lemma} ${l.pos}`);
          v.lemmas.push(l);
        }
    }
    return v;
  }

  /** Stems of the synonyms of the text's own content lemmas. */
  private synonymsOfText(): Set<string> {
    if (!this.expanded) {
      this.expanded = new Set();
      for (const l of this.lemmas) for (const s of synonymStems(l.lemma, l.pos)) this.expanded.add(s);
    }
    return this.expanded;
  }

  /** Present as written (any inflection) with the same polarity. */
  hasPolarForm(l: Pick<Lemma, "stem" | "negated">): boolean {
    return this.polar.has(polarKey(l));
  }

  /** Present with the same polarity (negated or not), in any inflection or as a synonym. */
  hasPolar(l: Pick<Lemma, "lemma" | "pos" | "stem" | "negated">): boolean {
    const mark = l.negated ? "¬" : "";
    if (this.polar.has(`${mark}${l.stem}`)) return true;
    for (const s of synonymStems(l.lemma, l.pos)) if (this.polar.has(`${mark}${s}`)) return true;
    return false;
  }

  /** The lemma as written, in another inflection. */
  hasForm(l: Pick<Lemma, "stem">): boolean {
    return this.stems.has(l.stem);
  }

  /** Present in any inflection, or as a WordNet synonym (a synonym of it in the text, or it a synonym of a word there). */
  has(l: Pick<Lemma, "lemma" | "pos" | "stem">): boolean {
    if (this.stems.has(l.stem)) return true;
    for (const s of synonymStems(l.lemma, l.pos)) if (this.stems.has(s) || this.bigrams.has(s)) return true;
    return this.synonymsOfText().has(l.stem);
  }
}

const vocabularies = new Map<string, Vocabulary>();
/** A text's vocabulary (cached: documents and gold steps are read many times). */
export function vocabularyOf(text: string): Vocabulary {
  let v = vocabularies.get(text);
  if (!v) {
    v = new Vocabulary(text);
    if (vocabularies.size > 20_000) vocabularies.clear();
    vocabularies.set(text, v);
  }
  return v;
}

/** Share of `wanted` present in `vocabulary` (1 when nothing is wanted). */
export function lemmaCoverage(wanted: readonly Lemma[], vocabulary: Vocabulary): number {
  if (wanted.length === 0) return 1;
  return wanted.filter((l) => vocabulary.has(l)).length / wanted.length;
}
