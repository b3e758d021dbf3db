/**
 * @module Which branch of a condition a text takes, read sentence by sentence in any wording: each branch's trigger
 * (`when`) and action (`then`) as content lemmas with their polarity ("cannot tolerate a mask" is not "tolerates the
 * mask"), reduced to the lemmas no other branch uses; a sentence names a branch when it holds at least COMMIT_SHARE
 * of either part (inflections and WordNet synonyms count). A sentence that names a branch's trigger under a
 * conditional word ("if", "where", "unless", "otherwise" …) states the rule, not a choice; any other sentence that
 * names one branch (or names one clearly more than the rest) commits to it.
 */
import type { Condition } from "../../../core/index.ts";
import { parseConditionText } from "../../report/condition-text.ts";
import { analyze } from "./language/analyze.ts";
import {
  contentLemmas,
  type Lemma,
  polarKey,
  stemOf,
  type Vocabulary,
  vocabularyOf,
} from "./language/lemmas.ts";

/** Share of a branch part's distinguishing lemmas a sentence must hold to name that branch. */
export const COMMIT_SHARE = 0.5;
/** Commitments to two branches within one step: the step routes through the leader when its weight leads by this much. */
export const LEAD_MARGIN = 0.3;

/** Conditional words: a sentence with one of them states a rule ("where X, do Y") rather than what this case does. */
const CONDITIONAL = new Set(["if", "unless", "where", "whenever", "otherwise", "else", "except", "whether"]);

export type BranchParts = {
  id: string;
  /** Distinguishing lemmas of the trigger and the action. */
  cause: Lemma[];
  action: Lemma[];
  /** All content lemmas of the trigger (what a step states when it says the trigger holds for the case). */
  trigger: Lemma[];

  /** Stems of the step's generic wording and the condition's question (shared by every branch). */
  generic: ReadonlySet<string>;
};

function distinct(lemmas: readonly Lemma[]): Lemma[] {
  const seen = new Set<string>();
  return lemmas.filter((l) => !seen.has(polarKey(l)) && seen.add(polarKey(l)));
}

/**
 * Each branch's trigger and action lemmas that no other branch has (with polarity) and that the step's generic wording
 * (`context`) and the condition's question do not already use (saying those commits to nothing). A part left with
 * none keeps its own lemmas.
 */
export function branchParts(condition: Condition, context = ""): BranchParts[] {
  const parts = condition.branches.map((b) => ({
    id: b.id,
    cause: distinct(contentLemmas(joinCodes(acronymsOnly(b.when)))),
    action: distinct(contentLemmas(joinCodes(acronymsOnly(b.then)))),
  }));
  const shared = new Set(contentLemmas(joinCodes(`${context} ${condition.question}`)).map((l) => l.stem));
  return parts.map((b) => {
    const others = new Set(
      parts.filter((o) => o.id !== b.id).flatMap((o) => [...o.cause, ...o.action].map(polarKey)),
    );
    const own = (ls: Lemma[]) => {
      const mine = ls.filter((l) => !others.has(polarKey(l)));
      const specific = mine.filter((l) => !shared.has(l.stem));
      return specific.length > 0 ? specific : mine;
    };
    return { id: b.id, cause: own(b.cause), action: own(b.action), trigger: b.cause, generic: shared };
  });
}

/**
 * A phrase followed by its acronym ("powered air-purifying respirator (PAPR)") as the acronym alone: the acronym and
 * its expansion are one thing, and a writer names it either way.
 */
export function acronymsOnly(text: string): string {
  return text.replace(
    /((?:[\p{L}]+[\s-]+){1,8})\((\p{Lu}{2,8})\)/gu,
    (whole, phrase: string, acronym: string) => {
      const words = phrase.trim().split(/[\s-]+/);
      const initials = words
        .slice(-acronym.length)
        .map((w) => w[0]!.toUpperCase())
        .join("");
      if (initials !== acronym) return whole;
      return `${words.slice(0, -acronym.length).join(" ")} ${acronym}`;
    },
  );
}

/**
 * A branch's wording as its lemmas can tell it: a term of letters and digits joined by hyphens ("net-30", "TB-173") as
 * one word ("net30"), and "only" read as "solely". What tells two branches apart is often exactly such a term ("set
 * standard net-30 terms" / "set net-15 terms") or a restriction ("repackage grants only" / "repackage loans and grants";
 * "record the decision for the student only" / "… and copy the parent"), which a stop-word list would drop.
 */
export function joinCodes(text: string): string {
  return text
    .replace(/\b(?=[\p{L}\d-]*\p{L})(?=[\p{L}\d-]*\d)[\p{L}\d]+(?:-[\p{L}\d]+)+\b/gu, (m) =>
      m.replace(/-/g, ""),
    )
    .replace(/\bonly\b/gi, "solely");
}

export type BranchCoverage = {
  branch: string;
  /** Shares of the trigger's and the action's distinguishing lemmas present. */
  cause: number;
  action: number;
  /** The larger of the two shares, and how many distinguishing lemmas that part has present. */
  named: number;
  matched: number;
  /** Every lemma the text holds of the named part is there unnegated (a sentence that negates elsewhere may reject it). */
  affirmed: boolean;
  trigger: number;
};

/** Lemmas of `wanted` present with their polarity; none unless at least one is there as written (synonyms alone anchor nothing). */
function present(wanted: readonly Lemma[], v: Vocabulary): Lemma[] {
  if (!wanted.some((l) => v.hasPolarForm(l))) return [];
  return wanted.filter((l) => v.hasPolar(l));
}

/** Coverage of each branch's trigger and action in a text; `named` is the larger. */
export function coverageOf(parts: readonly BranchParts[], text: string): BranchCoverage[] {
  const v = vocabularyOf(text);
  const share = (wanted: readonly Lemma[], got: readonly Lemma[]) =>
    wanted.length ? got.length / wanted.length : 0;
  return parts.map((p) => {
    const w = present(p.cause, v);
    const t = present(p.action, v);
    const cause = share(p.cause, w);
    const action = share(p.action, t);
    const part = action >= cause ? t : w;
    return {
      branch: p.id,
      cause,
      action,
      named: Math.max(cause, action),
      matched: part.length,
      affirmed: part.every((l) => !l.negated),
      trigger: share(p.trigger, present(p.trigger, v)),
    };
  });
}

/** How strongly a text names a branch: the distinguishing lemmas it holds, its share breaking ties. */
const strength = (c: BranchCoverage) => c.matched + c.named;

/**
 * The branch a set of coverages commits to: the only one named, or one that holds at least one more distinguishing
 * lemma than any other named branch.
 */
export function leader(cov: readonly BranchCoverage[]): string | null {
  const named = cov.filter((c) => c.named >= COMMIT_SHARE);
  if (named.length === 0) return null;
  const [best, next] = [...named].sort((a, b) => strength(b) - strength(a));
  return !next || strength(best!) - strength(next) >= 1 ? best!.branch : null;
}

const NEGATORS = new Set(["not", "n't", "no", "never"]);

/**
 * "The reinspection branch does not apply", "the mediation notice is not used": the branch is named first, then a
 * negation that denies it (the negated words name no branch). "Send it to the panel, not the manager" negates a branch
 * of its own and rejects nothing.
 */
function rejects(branch: BranchParts, parts: readonly BranchParts[], sentence: string): boolean {
  const tokens = analyze(sentence).tokens;
  const at = tokens.findIndex((t) => NEGATORS.has(t.lower));
  if (at < 0) return false;
  const named = new Set([...branch.cause, ...branch.action].map((l) => l.stem));
  const before = tokens.slice(0, at).some((t) => named.has(stemOf(t.lemma)));
  if (!before) return false;
  const branchStems = new Set(
    parts.flatMap((p) => [...p.cause, ...p.action, ...p.trigger].map((l) => l.stem)),
  );
  return !tokens
    .slice(at + 1)
    .some((t) => t.negated && t.type === "word" && branchStems.has(stemOf(t.lemma)));
}

export function isConditional(sentence: string): boolean {
  const { tokens } = analyze(sentence);
  const words = tokens.map((t) => t.lower);
  if (words.some((w) => CONDITIONAL.has(w))) return true;
  return /\bin (?:all )?other cases\b|\bin case\b|\bprovided that\b|\bdepends on\b/i.test(sentence);
}

export type SentenceReading = {
  sentence: string;
  /** The branch the sentence commits to (a choice), null when it commits to none. */
  commits: string | null;
  /** Branches the sentence names as a rule or side by side (not a choice). */
  lists: string[];
  coverage: BranchCoverage[];
};

/**
 * What one sentence does with the condition: commits to a branch, lists branches (a rule), or neither. `restates`: the
 * sentence restates the policy's own wording (then it states the rule, whatever its form, unless it addresses the case).
 */
export function readSentence(
  parts: readonly BranchParts[],
  sentence: string,
  restates = false,
): SentenceReading {
  const words = joinCodes(sentence);
  const coverage = coverageOf(parts, words);
  const named = coverage.filter((c) => c.named >= COMMIT_SHARE).map((c) => c.branch);
  if (named.length === 0) return { sentence, commits: null, lists: [], coverage };
  // A sentence in the step's generic words only ("Check for a defect") restates the step and chooses nothing.
  const generic = parts[0]?.generic ?? new Set<string>();
  if (contentLemmas(words).every((l) => generic.has(l.stem)))
    return { sentence, commits: null, lists: [], coverage };
  const rule = restates || isConditional(sentence);
  if (rule) return { sentence, commits: null, lists: named, coverage };
  const lead = leader(coverage);
  if (!lead) return { sentence, commits: null, lists: named, coverage };
  return rejects(parts.find((p) => p.id === lead)!, parts, sentence)
    ? { sentence, commits: null, lists: [], coverage }
    : { sentence, commits: lead, lists: [], coverage };
}

export type StepReading = {
  /** The branch the step routes through, or null. */
  committed: string | null;
  /** Branches the step keeps open (listed without choosing). */
  open: string[];
  sentences: SentenceReading[];
};

/**
 * A step's reading of a condition: its sentences (action text and justification) and its stated condition text.
 * Sentences that commit decide; a stated condition with one branch is a choice, with two or more a listing. Commitments
 * to different branches with no clear lead keep the step open.
 */
export type ReadOptions = {
  /** The sentence restates the policy's wording (a rule, not a choice). */
  restates?: (sentence: string) => boolean;
  /**
   * The branch a case fact stated in the sentence selects, null when it states another case's fact, undefined when it
   * states no such fact. A sentence stating a fact is evidence: its words route nothing unless they agree with the
   * fact (a fact can read like the other branch: "the filings stay with their accountant"), and the branch its fact
   * selects is the step's routing only when no other sentence routes.
   */
  selects?: (sentence: string) => string | null | undefined;
};

export function readStep(
  parts: readonly BranchParts[],
  texts: readonly string[],
  statedCondition = "",
  options: ReadOptions = {},
): StepReading {
  const factBranches = new Set<string>();
  const sentences = texts
    .flatMap((t) => analyze(t).sentences)
    .map((s): SentenceReading => {
      const fact = options.selects?.(s);
      const read = readSentence(parts, s, options.restates?.(s) ?? false);
      if (fact === undefined) return read;
      if (fact !== null) factBranches.add(fact);
      return fact !== null && read.commits === fact ? read : { ...read, commits: null };
    });
  const stated = parseConditionText(statedCondition).map((b) => readSentence(parts, `${b.when} ${b.action}`));
  // A stated condition of as many branches as the condition has lists them all, however each reads ("otherwise → …"
  // names its branch only by what the other one is not).
  const statedBranches =
    stated.length > 1 && stated.length >= parts.length
      ? parts.map((p) => p.id)
      : [...new Set(stated.map((s) => s.commits ?? s.lists[0]).filter((b): b is string => !!b))];
  const weight = new Map<string, number>();
  for (const s of sentences)
    if (s.commits) {
      const c = s.coverage.find((x) => x.branch === s.commits)!;
      weight.set(s.commits, (weight.get(s.commits) ?? 0) + c.named);
    }
  if (weight.size === 0 && statedBranches.length === 1) weight.set(statedBranches[0]!, 1);
  const stillOpen = sentences.some((s) => s.lists.length > 0) || statedBranches.length > 1;
  if (weight.size === 0 && factBranches.size === 1 && !stillOpen) weight.set([...factBranches][0]!, 1);
  const open = [
    ...new Set([...sentences.flatMap((s) => s.lists), ...(statedBranches.length > 1 ? statedBranches : [])]),
  ];
  if (weight.size === 0) return { committed: null, open, sentences };
  const ranked = [...weight].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  const clear = !second || top![1] - second[1] >= LEAD_MARGIN;
  return clear
    ? { committed: top![0], open: [], sentences }
    : { committed: null, open: [...new Set([...open, ...ranked.map((r) => r[0])])], sentences };
}
