/** @module Text → content terms: lower-case words, stop words dropped, business synonyms folded to one word, Porter-stemmed. */
import { porterStem } from "../../../retrieval/index.ts";

const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing down during each either else few for from further had has have having he her here
  hers him his how i if in into is it its itself just let may me might more most must my no nor not now of off on once
  only or other otherwise our ours out over own per same shall she should so some such than that the their theirs them
  then there these they this those through to too under until up upon very via was we were what when where whether
  which while who whom why will with within without would yes you your yours step steps ensure make sure use using`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Groups of interchangeable workflow words; every member maps to the group's first word before stemming.
 * A small hand-made thesaurus of the verbs and nouns enterprise procedures use.
 */
const SYNONYMS: string[][] = [
  ["submit", "file", "lodge", "send", "forward", "transmit"],
  ["obtain", "get", "acquire", "secure", "collect", "gather", "receive"],
  ["verify", "check", "confirm", "validate", "review", "inspect", "examine", "audit"],
  ["notify", "inform", "alert", "tell", "advise", "contact", "message", "email"],
  ["schedule", "book", "arrange", "plan"],
  ["create", "open", "start", "initiate", "establish", "register", "set-up"],
  ["complete", "fill", "finish", "finalize", "prepare", "draft"],
  ["approve", "authorize", "sign-off", "endorse", "sanction"],
  ["document", "record", "log", "note", "capture", "register"],
  ["assess", "evaluate", "determine", "analyze", "analyse", "appraise", "score", "rate"],
  ["request", "ask", "seek"],
  ["sign", "countersign", "execute"],
  ["upload", "attach", "add"],
  ["store", "archive", "retain", "keep", "save"],
  ["assign", "allocate", "designate", "appoint"],
  ["escalate", "refer", "route"],
  ["close", "conclude", "end", "terminate", "wrap"],
  ["pay", "remit", "settle"],
  ["form", "template", "formular"],
  ["deadline", "due", "cutoff"],
  ["employee", "staff", "worker", "personnel"],
  ["customer", "client", "patient", "user", "participant", "student", "member", "claimant", "applicant"],
  ["manager", "supervisor", "lead", "head"],
  ["meeting", "session", "call", "appointment", "visit"],
  ["issue", "problem", "incident", "case"],
  ["policy", "rule", "guideline", "procedure", "standard"],
  ["fee", "charge", "cost", "price"],
];

/** Stem of a synonym → stem of its group's first word, so inflected forms fold too ("acquired" → "obtain"). */
const CANONICAL = new Map<string, string>();
for (const group of SYNONYMS) {
  const head = porterStem(group[0]!);
  for (const w of group) {
    const stem = porterStem(w);
    if (!CANONICAL.has(stem)) CANONICAL.set(stem, head);
  }
}

const WORD = /[\p{L}][\p{L}'-]*|\p{N}+(?:[.,]\p{N}+)*/gu;

/** Lower-case words and numbers of a text, in order. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/'s$/, "").replace(/^-+|-+$/g, ""));
}

export type TermOptions = {
  /** Keep numbers and digit-bearing tokens (ids, dates); off for step alignment, which ignores instance details. */
  keepNumbers?: boolean;
  /** Fold synonyms to one canonical word (default on). */
  synonyms?: boolean;
};

/** The stem of one lower-case word, folded to its synonym group's stem. */
export function termOf(word: string, synonyms = true): string {
  const stem = stemOf(word);
  return synonyms ? (CANONICAL.get(stem) ?? stem) : stem;
}

/** Stems of words seen so far (a vocabulary is small; the cap only guards against unbounded junk input). */
const STEMS = new Map<string, string>();
const STEM_CACHE_CAP = 200_000;

function stemOf(word: string): string {
  let stem = STEMS.get(word);
  if (stem === undefined) {
    stem = porterStem(word);
    if (STEMS.size >= STEM_CACHE_CAP) STEMS.clear();
    STEMS.set(word, stem);
  }
  return stem;
}

/** Content terms of a text: stop words and one-letter words dropped, synonyms folded, Porter-stemmed. */
export function terms(text: string, options: TermOptions = {}): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (STOP.has(w)) continue;
    const hasDigit = /\d/.test(w);
    if (hasDigit) {
      if (options.keepNumbers) out.push(w);
      continue;
    }
    if (w.length < 2) continue;
    out.push(termOf(w, options.synonyms ?? true));
  }
  return out;
}
