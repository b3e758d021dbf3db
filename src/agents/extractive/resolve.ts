/** @module Branch resolution by fact matching: evidence sentences vote for the branch whose distinguishing terms they state. */
import type { Rule } from "./conditions.ts";
import { NEGATION, termSet } from "./text.ts";

/** One sentence of the user's evidence, weighted by how much the agent trusts its document. */
export type EvidenceSentence = { text: string; docId: string; weight: number };

export type Resolution = {
  /** Index into `rule.branches`, or null when the evidence does not decide. */
  branch: number | null;
  scores: number[];
  /** The sentences that carried the decision (best first). */
  support: EvidenceSentence[];
};

/** The winner must beat the runner-up by this factor (and score above zero) to count as resolved. */
const MARGIN = 1.25;
/** …and reach this score: one trusted sentence stating a fair share of a branch's terms, not a passing mention in someone else's case. */
const MIN_SCORE = 0.16;

/** Term weights (e.g. inverse document frequency over the environment); every term weighs 1 by default. */
export type TermWeight = (term: string) => number;

const isOtherwise = (when: string) => when.startsWith("otherwise");

/**
 * The terms whose polarity decides whether a sentence agrees with a branch's condition: for "X is not English" the
 * terms in the negation's scope ("English"), else all terms of the condition; none for an "otherwise" branch.
 */
function polarityTerms(branch: Rule["branches"][number]): Set<string> {
  if (isOtherwise(branch.when)) return new Set();
  const cue = NEGATION.exec(branch.when);
  const scope = cue ? termSet(branch.when.slice(cue.index + cue[0].length)) : new Set<string>();
  return scope.size > 0 ? scope : termSet(branch.when);
}

/** Clause boundaries inside a sentence: a negation's scope ends at one ("No questionnaire, so they accept the package"). */
const CLAUSE_BREAK = /[,;:()]|\s[-–—]\s|\b(?:so|but|and|which|because|since|while|although)\b/i;

/** A sentence's clauses with their terms and whether each carries a negation cue. */
function clausesOf(text: string): { terms: Set<string>; negated: boolean }[] {
  return text
    .split(CLAUSE_BREAK)
    .filter((c): c is string => typeof c === "string" && c.trim().length > 0)
    .map((c) => ({ terms: termSet(c), negated: NEGATION.test(c) }));
}

/** Terms of each branch that no other branch uses: what tells the branches apart. */
export function distinguishingTerms(rule: Rule): Set<string>[] {
  const all = rule.branches.map((b) => termSet(`${isOtherwise(b.when) ? "" : b.when} ${b.action}`));
  return all.map((terms, i) => {
    const others = new Set(all.flatMap((t, j) => (j === i ? [] : [...t])));
    return new Set([...terms].filter((t) => !others.has(t)));
  });
}

/**
 * Score each branch by the evidence. A sentence adds, for each branch, its weight times the (term-weighted) share of
 * that branch's distinguishing terms it states. When a sentence restates an "if" clause with the opposite polarity
 * ("is English" against "is not English"), its support for that branch goes to the alternative branches instead.
 */
export function resolveRule(
  rule: Rule,
  evidence: readonly EvidenceSentence[],
  termWeight: TermWeight = () => 1,
): Resolution {
  const distinct = distinguishingTerms(rule);
  const whenTerms = rule.branches.map(polarityTerms);
  const scores = rule.branches.map(() => 0);
  const contributions: { sentence: EvidenceSentence; branch: number; amount: number }[] = [];
  for (const sentence of evidence) {
    const terms = termSet(sentence.text);
    const clauses = clausesOf(sentence.text);
    rule.branches.forEach((branch, i) => {
      const d = distinct[i]!;
      if (d.size === 0) return;
      let stated = 0;
      let total = 0;
      for (const t of d) {
        total += termWeight(t);
        if (terms.has(t)) stated += termWeight(t);
      }
      if (stated === 0) return;
      const amount = (sentence.weight * stated) / total;
      // Polarity where the sentence restates this branch's condition: clauses agreeing with it against clauses denying it.
      let agree = 0;
      let deny = 0;
      for (const clause of clauses) {
        let hits = 0;
        for (const t of whenTerms[i]!) if (clause.terms.has(t)) hits++;
        if (clause.negated === branch.negated) agree += hits;
        else deny += hits;
      }
      const flips = deny > agree && rule.branches.length > 1;
      if (flips) {
        const others = rule.branches.map((_, j) => j).filter((j) => j !== i);
        for (const j of others) {
          scores[j]! += amount / others.length;
          contributions.push({ sentence, branch: j, amount: amount / others.length });
        }
      } else {
        scores[i]! += amount;
        contributions.push({ sentence, branch: i, amount });
      }
    });
  }
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
  const [best, second] = [order[0]!, order[1]];
  const decided = best[0] >= MIN_SCORE && (second === undefined || best[0] >= MARGIN * second[0]);
  const branch = decided ? best[1] : null;
  const support = contributions
    .filter((c) => branch === null || c.branch === branch)
    .sort((a, b) => b.amount - a.amount)
    .map((c) => c.sentence)
    .filter((s, k, arr) => arr.findIndex((o) => o.text === s.text) === k);
  return { branch, scores, support };
}
