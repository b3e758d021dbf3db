/**
 * @module A text check over realized files, independent of the generator that wrote them (issue 27): doubled
 * articles ("the a sectional sofa"), "a"/"an" before the wrong sound, a possessive followed by a determiner or pronoun
 * ("Logistics's their procurement lead"), a doubled word, and misspelt verb forms — a doubling verb left single
 * ("Submiting", "caping"), a non-doubling one doubled ("visitting"), a truncated -ing ("Submitin"), an irregular verb
 * given a regular past ("ringed ahead"). Its word lists are
 * its own, not the generator's inflection table, so a fault in that table is caught here.
 */

export type ProseFinding = { kind: string; excerpt: string };

/** Verbs that double their final consonant before -ed and -ing. */
const DOUBLING = new Set(
  (
    "admit ban bar begin cap chat commit control cut drop equip flag fit get grab jog knit let log map nod occur omit " +
    "pat permit pin plan plug prefer put quit refer regret rerun rob rub run scan set ship shop sit skip slip sob " +
    "spot step stir stop strip submit sum swap tag tap transfer trim wrap zip"
  ).split(" "),
);
/** Verbs ending consonant-vowel-consonant that do not double (stress not on the last syllable). */
const SINGLE = new Set(
  (
    "audit benefit budget credit deliver deposit develop edit enter exhibit gallop happen inherit limit listen " +
    "offer open profit prohibit solicit target visit"
  ).split(" "),
);
/** Listed doubling stems that, with a final e, are verbs of their own ("taped", "sited", "planed"). */
const E_VERBS = new Set("bar cut pat pin plan rob sit strip tap".split(" "));
/** Irregular verbs: a regular past of one ("ringed", "bringed", "taked", "writed") is a misspelling. */
const IRREGULAR = new Set(
  (
    "become begin bite break bring build buy catch choose come do draw drive eat fall feel fight find forget forgo " +
    "freeze get give go grow hide hold keep know lead leave lend lose meet read ride ring rise run seek sell send " +
    "shake sing sleep speak spend stand steal swim take teach tell think throw understand undertake win withdraw " +
    "write"
  ).split(" "),
);
const REGULARIZED: ReadonlySet<string> = new Set(
  [...IRREGULAR].flatMap((v) => (v.endsWith("e") ? [`${v}d`, `${v.slice(0, -1)}ed`] : [`${v}ed`])),
);
const WORD = /\b[A-Za-z]+(?:ed|d)\b/g;

/** Words that may stand before "'s" as a contraction ("it's the"), not a possessive. */
const CONTRACTIONS = new Set(
  "it that there here what who let he she where how everyone nobody something nothing today".split(" "),
);

const ARTICLE_PAIR = /\b([Tt]he|[Aa]n?)[ \t]+(the|a|an)\b/g;
const A_BEFORE_VOWEL = /\ba\s+([aeio][a-z]+)/g;
const AN_BEFORE_CONSONANT = /\ban\s+([bcdfgjklmnpqrstvwxz][a-z]+)/g;
const POSSESSIVE_DETERMINER = /\b([A-Za-z]+)'s[ \t]+(their|his|her|its|our|your|my|the|a|an)\b/g;
const DOUBLED_WORD = /\b([A-Za-z]+)[ \t]+\1\b/gi;
const VERB_FORM = /\b([A-Za-z]+?)(ing|ed|in)\b/g;

/** "a" is right before these vowel-letter words (a one-off, a European…). */
const A_OK = /^(?:one|once|eu|ewe)/;
const DOUBLED_OK = new Set(["that", "had", "is"]);

function around(text: string, at: number, length: number): string {
  const from = Math.max(0, at - 30);
  return text
    .slice(from, at + length + 30)
    .replace(/\s+/g, " ")
    .trim();
}

/** Every finding in `text`, with the words around it. */
export function proseFindings(text: string): ProseFinding[] {
  const out: ProseFinding[] = [];
  const find = (kind: string, re: RegExp, keep: (m: RegExpExecArray) => boolean = () => true) => {
    for (const m of text.matchAll(re)) {
      if (keep(m)) out.push({ kind, excerpt: around(text, m.index, m[0].length) });
    }
  };
  find("doubled article", ARTICLE_PAIR);
  find("a before a vowel", A_BEFORE_VOWEL, (m) => !A_OK.test(m[1]!));
  find("an before a consonant", AN_BEFORE_CONSONANT);
  find(
    "possessive before a determiner",
    POSSESSIVE_DETERMINER,
    (m) => !CONTRACTIONS.has(m[1]!.toLowerCase()),
  );
  find("doubled word", DOUBLED_WORD, (m) => !DOUBLED_OK.has(m[1]!.toLowerCase()));
  find("verb form", VERB_FORM, (m) => misspeltVerb(m[1]!.toLowerCase(), m[2]!));
  find("regular past of an irregular verb", WORD, (m) => REGULARIZED.has(m[0].toLowerCase()));
  return out;
}

/** Is `stem` + `suffix` a misspelt form of a listed verb? */
function misspeltVerb(stem: string, suffix: string): boolean {
  if (suffix === "in") {
    // a truncated -ing ("submitin", "submittin"); "begin", "login" and the like are words
    const base = undoubled(stem) ?? stem;
    return (DOUBLING.has(base) || SINGLE.has(base)) && stem !== "beg" && stem !== "log";
  }
  if (DOUBLING.has(stem)) return !E_VERBS.has(stem); // "submiting", "caping"
  const base = undoubled(stem);
  return base !== null && SINGLE.has(base); // "visitting"
}

/** "submitt" → "submit" (a doubled final consonant removed), else null. */
function undoubled(stem: string): string | null {
  return stem.length > 2 && stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : null;
}
