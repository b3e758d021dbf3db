/** @module Surface paraphrase of policy wording: verb synonyms with their inflections, so documents state a step's facts without its gold phrasing. */
import type { Rng } from "./prng.ts";
import { capitalize } from "./template.ts";

/**
 * Procedure verbs and plain-English alternatives with the same meaning in a policy (the object that follows stays).
 * Alternatives may be phrasal ("set up", "look into"); the first word carries the inflection.
 */
export const VERB_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  accept: ["take on", "agree to"],
  acknowledge: ["confirm receipt of", "reply to"],
  adjust: ["correct", "amend"],
  allow: ["permit", "let through"],
  analyze: ["examine", "study"],
  answer: ["respond to", "address"],
  apply: ["put in place", "use"],
  approve: ["sign off on", "authorize"],
  arrange: ["organize", "set up"],
  ask: ["check with", "query"],
  assess: ["evaluate", "judge"],
  assign: ["allocate", "give"],
  attach: ["add", "enclose"],
  attend: ["take part in", "join"],
  audit: ["spot-check", "inspect"],
  award: ["grant", "give"],
  book: ["reserve", "schedule"],
  build: ["put together", "assemble"],
  calculate: ["work out", "compute"],
  cancel: ["call off", "withdraw"],
  capture: ["record", "note down"],
  check: ["examine", "review"],
  choose: ["select", "pick"],
  classify: ["categorize", "sort"],
  close: ["wrap up", "finalize"],
  collect: ["gather up", "obtain"],
  communicate: ["convey", "relay"],
  compare: ["match up", "set side by side"],
  complete: ["finish", "fill in"],
  configure: ["set up", "tune"],
  confirm: ["double-check", "verify"],
  connect: ["link up", "hook up"],
  consider: ["weigh", "take into account"],
  contact: ["reach out to", "get in touch with"],
  continue: ["carry on", "keep going"],
  create: ["set up", "open"],
  decide: ["settle", "determine"],
  decline: ["turn down", "refuse"],
  delay: ["postpone", "hold off"],
  deliver: ["hand over", "provide"],
  determine: ["establish", "work out"],
  document: ["write up", "note"],
  educate: ["coach", "brief"],
  email: ["write to", "mail"],
  enable: ["switch on", "turn on"],
  enforce: ["uphold", "apply"],
  engage: ["bring in", "retain"],
  enroll: ["sign up", "register"],
  ensure: ["make sure", "see to it"],
  escalate: ["refer up", "raise"],
  execute: ["carry out", "sign"],
  explain: ["walk through", "describe"],
  file: ["lodge", "submit"],
  find: ["track down", "locate"],
  flag: ["mark", "highlight"],
  follow: ["observe", "keep to"],
  force: ["require", "trigger"],
  gather: ["collect", "pull together"],
  get: ["obtain", "secure"],
  hand: ["pass", "give"],
  handle: ["deal with", "manage"],
  hold: ["keep", "retain"],
  identify: ["establish", "pin down"],
  import: ["load", "bring in"],
  include: ["add", "list"],
  inform: ["tell", "notify"],
  interview: ["speak with", "meet with"],
  issue: ["send out", "release"],
  limit: ["restrict", "cap"],
  list: ["enumerate", "set out"],
  locate: ["find", "track down"],
  lock: ["freeze", "secure"],
  log: ["enter", "record"],
  mail: ["post", "send"],
  map: ["chart", "lay out"],
  mark: ["flag", "label"],
  mask: ["cover", "shield"],
  match: ["line up", "compare"],
  meet: ["sit down with", "see"],
  migrate: ["move", "transfer"],
  monitor: ["watch", "keep an eye on"],
  move: ["transfer", "shift"],
  note: ["record", "write down"],
  notify: ["inform", "alert"],
  obtain: ["get", "secure"],
  offer: ["propose", "provide"],
  open: ["start", "set up"],
  order: ["request", "put in an order for"],
  pause: ["suspend", "halt"],
  pay: ["settle", "remit"],
  place: ["put", "position"],
  plan: ["map out", "schedule"],
  post: ["publish", "put up"],
  prepare: ["draft", "get ready"],
  present: ["put forward", "submit"],
  preserve: ["safeguard", "keep"],
  prevent: ["stop", "keep"],
  print: ["produce a paper copy of", "run off"],
  proceed: ["go ahead", "move forward"],
  process: ["work through", "handle"],
  protect: ["safeguard", "shield"],
  provide: ["supply", "give"],
  provision: ["set up", "issue"],
  pull: ["retrieve", "fetch"],
  queue: ["line up", "schedule"],
  raise: ["bring up", "escalate"],
  recalculate: ["rework", "redo the calculation of"],
  receive: ["take in", "accept"],
  recognize: ["spot", "pick up on"],
  recommend: ["propose", "advise"],
  record: ["log", "note"],
  redo: ["repeat", "rerun"],
  refer: ["pass", "direct"],
  refund: ["repay", "reimburse"],
  reinstate: ["restore", "bring back"],
  release: ["disclose", "hand over"],
  remove: ["take out", "strip"],
  repackage: ["rebox", "pack again"],
  repeat: ["redo", "go over again"],
  report: ["notify", "disclose"],
  request: ["ask for", "seek"],
  require: ["insist on", "demand"],
  resend: ["send again", "reissue"],
  reserve: ["book", "hold"],
  reset: ["reissue", "renew"],
  restore: ["reinstate", "bring back"],
  restrict: ["limit", "narrow"],
  retain: ["keep", "hold on to"],
  review: ["go through", "look over"],
  route: ["forward", "direct"],
  run: ["perform", "carry out"],
  scan: ["digitize", "upload"],
  schedule: ["book", "set a date for"],
  scope: ["size", "outline"],
  screen: ["vet", "check"],
  search: ["look through", "query"],
  send: ["forward", "dispatch"],
  serve: ["formally notify", "give notice to"],
  set: ["fix", "determine"],
  share: ["pass on", "circulate"],
  start: ["begin", "launch"],
  stop: ["halt", "cease"],
  store: ["keep", "hold"],
  submit: ["lodge", "hand in"],
  take: ["get", "carry"],
  tell: ["inform", "let know"],
  train: ["coach", "instruct"],
  triage: ["prioritize", "sort"],
  unlock: ["release", "reopen"],
  update: ["refresh", "amend"],
  use: ["rely on", "work with"],
  validate: ["verify", "check"],
  verify: ["check", "confirm"],
  void: ["cancel", "annul"],
  "quality-check": ["proofread", "double-check"],
  carry: ["bear", "hold"],
  alert: ["warn", "signal"],
  bring: ["return", "restore"],
  call: ["phone", "ring"],
  direct: ["steer", "lead"],
  judge: ["decide", "assess"],
  keep: ["hold", "retain"],
  link: ["connect", "tie"],
  miss: ["fall short of", "fail"],
  name: ["identify", "specify"],
  page: ["call", "phone"],
  regain: ["recover", "win back"],
  resolve: ["settle", "close out"],
  cover: ["span", "take in"],
  depend: ["rest", "turn"],
  differ: ["vary", "diverge"],
  drop: ["fall", "lapse"],
  feed: ["flow into", "inform"],
  go: ["travel", "pass"],
  happen: ["take place", "occur"],
  lose: ["forfeit", "give up"],
  need: ["require", "call for"],
  own: ["run", "manage"],
  reference: ["cite", "quote"],
  return: ["send back", "bounce"],
  see: ["receive", "review"],
  show: ["lay out", "set out"],
  sign: ["countersign", "endorse"],
  slow: ["hold up", "delay"],
  state: ["give", "set out"],
  summarize: ["sum up", "outline"],
  support: ["back up", "strengthen"],
  track: ["follow", "measure"],
  trigger: ["prompt", "set off"],
  vote: ["decide", "rule"],
  wear: ["keep on", "put on"],
  waive: ["forgo", "drop"],
  write: ["draft", "compose"],
};

/** Phrasal verbs rewritten as a whole where they open an instruction ("Set up the …" → "Establish the …"). */
const PHRASAL_VERBS: Readonly<Record<string, readonly string[]>> = {
  "set up": ["establish", "create"],
  "ask for": ["request", "call for"],
  "check for": ["look for", "screen for"],
  "follow up": ["check back", "circle back"],
  "hand over": ["pass on", "transfer"],
  "hand off": ["pass on", "transfer"],
  "sign off": ["give approval", "agree"],
  "look up": ["find", "retrieve"],
  "write up": ["document", "record"],
  "back up": ["copy", "save"],
};
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

/** Verbs whose -s form is far more often a plural noun in policy text ("records", "checks"): never rewritten mid-sentence. */
const NOUN_LIKE = new Set([
  "book",
  "check",
  "delay",
  "document",
  "email",
  "file",
  "flag",
  "hand",
  "issue",
  "limit",
  "list",
  "log",
  "mail",
  "map",
  "mark",
  "match",
  "note",
  "offer",
  "order",
  "place",
  "plan",
  "post",
  "print",
  "process",
  "queue",
  "record",
  "refund",
  "report",
  "request",
  "review",
  "route",
  "run",
  "scan",
  "schedule",
  "scope",
  "screen",
  "search",
  "set",
  "start",
  "stop",
  "store",
  "update",
  "use",
  "void",
  "state",
  "sign",
  "return",
  "support",
  "reference",
  "drop",
  "vote",
  "contact",
  "alert",
  "call",
  "link",
  "name",
  "page",
  "judge",
]);

const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  go: "gone",
  build: "built",
  find: "found",
  get: "obtained",
  give: "given",
  have: "had",
  hold: "held",
  keep: "kept",
  lay: "laid",
  let: "let",
  make: "made",
  meet: "met",
  pay: "paid",
  put: "put",
  run: "run",
  see: "seen",
  send: "sent",
  set: "set",
  sit: "sat",
  take: "taken",
  tell: "told",
  write: "written",
  redo: "redone",
  deal: "dealt",
  seek: "sought",
  resend: "resent",
  rerun: "rerun",
  "spot-check": "spot-checked",
  "double-check": "double-checked",
};

const DOUBLE_FINAL = new Set([
  "begin",
  "pin",
  "cut",
  "drop",
  "log",
  "get",
  "let",
  "map",
  "plan",
  "put",
  "rerun",
  "run",
  "set",
  "ship",
  "sit",
  "stop",
  "sum",
  "wrap",
]);

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
