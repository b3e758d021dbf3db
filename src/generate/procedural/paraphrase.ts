/**
 * @module Surface paraphrase of policy wording: verb synonyms with their inflections, so documents state a step's facts
 * without its gold phrasing. The word lists are data (`data/verbs.json`, checked by the schema here when loaded).
 */
import { join } from "node:path";
import { z } from "zod";
import { readDataFile } from "../../core/data-file.ts";
import { DATA_DIR } from "./data.ts";
import type { Rng } from "./prng.ts";
import { capitalize } from "./template.ts";

const Words = z.array(z.string().min(1)).min(1);
const Alternatives = z.record(z.string().min(1), Words);

export const VerbLists = z
  .object({
    /**
     * Procedure verbs and plain-English alternatives with the same meaning in a policy (the object that follows
     * stays). Alternatives may be phrasal ("set up", "look into"); the first word carries the inflection.
     */
    verbSynonyms: Alternatives,
    /** Phrasal verbs rewritten as a whole where they open an instruction ("Set up the …" → "Establish the …"). */
    phrasalVerbs: Alternatives,
    /** Verbs whose -s form is far more often a plural noun in policy text ("records", "checks"): never rewritten mid-sentence. */
    nounLike: Words,
    /** Past participles that do not take -ed. */
    irregularPast: z.record(z.string().min(1), z.string().min(1)),
    /** Verbs that double their final consonant before -ed and -ing. */
    doubleFinal: Words,
  })
  .strict();
export type VerbLists = z.infer<typeof VerbLists>;

export function loadVerbLists(path = join(DATA_DIR, "verbs.json")): VerbLists {
  return readDataFile(VerbLists, path);
}

const VERBS = loadVerbLists();
export const VERB_SYNONYMS: Readonly<Record<string, readonly string[]>> = VERBS.verbSynonyms;
const PHRASAL_VERBS: Readonly<Record<string, readonly string[]>> = VERBS.phrasalVerbs;
const NOUN_LIKE: ReadonlySet<string> = new Set(VERBS.nounLike);
const IRREGULAR_PAST: Readonly<Record<string, string>> = VERBS.irregularPast;
const DOUBLE_FINAL: ReadonlySet<string> = new Set(VERBS.doubleFinal);

const PHRASAL_START = new RegExp(
  `(^|[.;:]\\s+|\\band\\s+)(${Object.keys(PHRASAL_VERBS)
    .map((k) => k.replace(" ", "\\s+"))
    .join("|")})\\b`,
  "gi",
);

/** Every listed verb and the head word of every synonym (for turning "and inspect" into "and inspecting"). */
const VERB_WORDS: ReadonlySet<string> = new Set(
  Object.entries(VERB_SYNONYMS).flatMap(([verb, options]) => [verb, ...options.map((o) => o.split(" ")[0]!)]),
);

type Form = "base" | "s" | "ed" | "ing";

/** Inflect one verb (a phrasal verb inflects its first word). */
export function inflect(verb: string, form: Form): string {
  const [head, ...rest] = verb.split(" ");
  const tail = rest.length > 0 ? ` ${rest.join(" ")}` : "";
  return `${inflectWord(head!, form)}${tail}`;
}

function inflectWord(w: string, form: Form): string {
  if (form === "base") return w;
  if (form === "s") {
    if (w === "have") return "has";
    if (/(s|sh|ch|x|z|o)$/.test(w)) return `${w}es`;
    if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
    return `${w}s`;
  }
  if (form === "ed") {
    if (IRREGULAR_PAST[w]) return IRREGULAR_PAST[w]!;
    if (w.endsWith("e")) return `${w}d`;
    if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ied`;
    if (DOUBLE_FINAL.has(w)) return `${w}${w.at(-1)}ed`;
    return `${w}ed`;
  }
  if (w === "see") return "seeing";
  if (/[^e]e$/.test(w)) return `${w.slice(0, -1)}ing`;
  if (DOUBLE_FINAL.has(w)) return `${w}${w.at(-1)}ing`;
  return `${w}ing`;
}

/** Every inflected form of every listed verb → its base verb and form. */
const FORMS: ReadonlyMap<string, { verb: string; form: Form }> = (() => {
  const out = new Map<string, { verb: string; form: Form }>();
  for (const verb of Object.keys(VERB_SYNONYMS)) {
    for (const form of ["base", "s", "ed", "ing"] as const) {
      const w = inflect(verb, form);
      if (!out.has(w)) out.set(w, { verb, form });
    }
  }
  return out;
})();

/** Words after which a base-form verb reads as an imperative or infinitive ("and send", "to confirm"). */
const VERB_LEAD =
  /(?:^|[,;:]\s*|\b(?:and|or|then|to|must|may|should|will|can|cannot|not|never|also|first|please|who|they|we|you)\s+)$/i;
/** Words after which a base-form verb is certainly a verb ("to confirm", "may require"). */
const SURE_LEAD = /\b(?:to|must|may|should|will|can|cannot|who|they|we|you)\s+$/i;
/** Words that make a following -ed form a passive or perfect verb ("is assessed", "have been sent"). */
const AUX_LEAD = /\b(?:is|are|was|were|be|been|being|has|have|had|gets?|not)\s+$/i;
/** Words that mark a following word as a noun, not a verb ("the record", "a review"). */
const NOUN_LEAD = /\b(?:the|a|an|this|that|each|every|any|its|their|his|her|our|your|no)\s+$/i;

/** Words that can open the object of an imperative ("and record the …", "and send them …"). */
const OBJECT_START =
  /^\s*(?:the|a|an|any|all|each|every|its|their|his|her|them|it|that|this|these|those|whether|with|to|up|out|for|back|off|down|what|how|both|no|only|one|two|three|copies|written)\b/i;

/** A plural noun right before a base-form verb makes it a present-tense verb ("credits follow the …"). */
const PLURAL_SUBJECT =
  /\b(?:staff|people|(?!(?:is|was|has|this|its|his|us|as|thus|plus|less|process|access|business|address)\s)[a-z]{3,}s)\s+$/i;
/** Prepositions that can follow an intransitive verb ("go through", "differ by"). */
const PREPOSITION_START = /^\s*(?:through|into|by|to|on|off|at|from|with|under|during|across|over)\b/i;

/** Marks around a phrasal verb's replacement while the word pass runs (removed before returning). */
const OPEN = "\u0001";
const CLOSE = "\u0002";

/** After a sentence-initial word: a noun and then a verb, so that word starts a subject ("Return labels are …"). */
const NOUN_PHRASE_SUBJECT = /^\s+[a-z-]+\s+(?:is|are|was|were|has|have|must|may|can|shall|should|will)\b/;

/** A synonym for `verb`, drawn with `rng`; the verb itself when it is not listed. */
export function synonym(rng: Rng, verb: string): string {
  const options = VERB_SYNONYMS[verb.toLowerCase()];
  return options ? rng.pick(options) : verb;
}

/**
 * Rewrite procedure verbs in `text` with synonyms of the same inflection: the leading imperative, verbs after "and",
 * "to", modals and commas, and passive participles ("is assessed" → "is evaluated"). Everything else — objects, forms,
 * codes, amounts, roles, deadlines — is kept word for word. Returns the text and how many verbs were rewritten.
 */
export function paraphrase(
  rng: Rng,
  text: string,
  sentenceFallback = true,
): { text: string; changed: number } {
  let changed = 0;
  // phrasal verbs first, marked so the word pass leaves their replacement alone
  const phrasal = text.replace(PHRASAL_START, (match, lead: string, verb: string) => {
    const options = PHRASAL_VERBS[verb.toLowerCase().replace(/\s+/g, " ")];
    if (!options) return match;
    changed++;
    const r = rng.pick(options);
    return `${lead}${OPEN}${verb[0] === verb[0]!.toUpperCase() ? capitalize(r) : r}${CLOSE}`;
  });
  const source = phrasal.replace(
    HAVE_SOMEONE,
    (match, lead: string, have: string, who: string, verb: string) => {
      const instruct = have === "Have" ? "Instruct" : "instruct";
      const [det, noun, second] = who.split(" ");
      if (second && VERB_SYNONYMS[second]) {
        changed++;
        return `${lead}${instruct} ${det} ${noun} to ${second} ${verb}`;
      }
      if (!VERB_SYNONYMS[verb]) return match;
      changed++;
      return `${lead}${instruct} ${who} to ${verb}`;
    },
  );
  const out = source.replace(/[A-Za-z][a-z-]*/g, (word, offset: number) => {
    const lower = word.toLowerCase();
    const hit = FORMS.get(lower);
    if (!hit || source.lastIndexOf(OPEN, offset) > source.lastIndexOf(CLOSE, offset)) return word;
    const before = source.slice(Math.max(0, offset - 24), offset);
    const start = offset === 0 || /[.!?]\s+$|^\s*$/.test(source.slice(0, offset));
    const after = source.slice(offset + word.length, offset + word.length + 24);
    // a phrasal verb ("sign off", "set up", "ask for") keeps its verb here; listed ones are rewritten whole below
    const particle = /^\s+(up|off|out|down|back|over|for)\b/.exec(after);
    if (particle && (particle[1] !== "for" || PHRASAL_VERBS[`${lower} for`])) return word;
    let ok = false;
    // a sentence-initial word that is also a noun is a verb only when an object follows ("Return labels are …")
    if (hit.form === "base" && start && NOUN_LIKE.has(hit.verb) && NOUN_PHRASE_SUBJECT.test(after))
      return word;
    if (hit.form === "base")
      ok =
        (start ||
          (VERB_LEAD.test(before) &&
            (SURE_LEAD.test(before) || !NOUN_LIKE.has(hit.verb) || OBJECT_START.test(after)))) &&
        !NOUN_LEAD.test(before);
    else if (hit.form === "ed") ok = AUX_LEAD.test(before);
    else if (hit.form === "s")
      ok =
        !NOUN_LEAD.test(before) &&
        (!NOUN_LIKE.has(hit.verb) || OBJECT_START.test(after) || /^\s+[A-Z]/.test(after));
    if (!ok && hit.form === "base" && PLURAL_SUBJECT.test(before) && !NOUN_LEAD.test(before))
      ok = !NOUN_LIKE.has(hit.verb) || OBJECT_START.test(after) || PREPOSITION_START.test(after);
    if (!ok) return word;
    changed++;
    const replacement = inflect(synonym(rng, hit.verb), hit.form);
    return word[0] === word[0]!.toUpperCase() ? capitalize(replacement) : replacement;
  });
  let result = out.replaceAll(OPEN, "").replaceAll(CLOSE, "");
  for (const [pattern, options] of PHRASES) {
    result = result.replace(pattern, (match) => {
      changed++;
      const r = rng.pick(options);
      return match[0] === match[0]!.toUpperCase() ? capitalize(r) : r;
    });
  }
  if (changed === 0 && sentenceFallback) {
    // no verb or phrase to rewrite (a copular statement): mark it as the policy's rule instead
    const copula = /\b(is|are)\s/.exec(result);
    if (copula) {
      result = `${result.slice(0, copula.index)}${copula[1]}, as a rule, ${result.slice(copula.index + copula[0].length)}`;
    } else
      result = `In practice, ${/^[A-Z][a-z]/.test(result) ? result[0]!.toLowerCase() + result.slice(1) : result}`;
    changed++;
  }
  return { text: result, changed };
}

const NUMBER_WORDS: Readonly<Record<string, string>> = {
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  twelve: "12",
  fourteen: "14",
  fifteen: "15",
  twenty: "20",
  thirty: "30",
  sixty: "60",
  ninety: "90",
  "one hundred": "100",
};

/** "Have the instructor sign …" → "Instruct the instructor to sign …" (then the verb itself is rewritten). */
const HAVE_SOMEONE = /(^|[.;:,]\s+|\band\s+)(have|Have) ((?:the|a|an) [a-z’'-]+(?: [a-z’'-]+)?) ([a-z]+)\b/g;

/** Meaning-preserving rewrites of policy phrasing (modals, negation, counts written as words). */
const PHRASES: readonly [RegExp, readonly string[]][] = [
  [/\bmust not\b/gi, ["may not", "shall not"]],
  [/\bmust(?! not)\b/gi, ["shall"]],
  [/\bmay not\b/gi, ["must not", "shall not"]],
  [/\bnever\b/gi, ["at no point", "under no circumstances"]],
  [/\bunless\b/gi, ["except where", "except when"]],
  [/\bdoes not\b/gi, ["doesn't"]],
  [/\bdo not\b/gi, ["don't"]],
  [/\bcannot\b/gi, ["can't", "is unable to"]],
  [/\bevery\b/gi, ["each", "every single"]],
  ...Object.entries(NUMBER_WORDS).map(
    ([word, digits]) => [new RegExp(`\\b${word}\\b(?= [a-z-]+s\\b)`, "gi"), [digits]] as [RegExp, string[]],
  ),
];

/**
 * An alternate heading for a step: the gold title with its verbs in synonym form, as a gerund ("Arrange a qualified
 * interpreter" → "Organizing a qualified interpreter") or a noun phrase ("Qualified interpreter: organizing").
 */
export function paraphraseHeading(rng: Rng, title: string, task: string): string {
  const source = VERB_SYNONYMS[title.split(" ")[0]!.toLowerCase()]
    ? title
    : task.split(/[,;]/)[0]!.split(" ").slice(0, 7).join(" ");
  const [first, ...rest] = source.split(" ");
  const verb = first!.toLowerCase();
  const tail = paraphrase(rng, rest.join(" "), false).text;
  if (!VERB_SYNONYMS[verb]) return paraphrase(rng, source, false).text;
  // "Receive and inspect the return" → "Accepting and inspecting the return"
  const gerunds = tail.replace(/^(and|or) ([a-z-]+)\b/, (m, c: string, w: string) =>
    VERB_WORDS.has(w) ? `${c} ${inflect(w, "ing")}` : m,
  );
  return `${capitalize(inflect(synonym(rng, verb), "ing"))} ${gerunds}`.trim();
}
