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
 * The condition's subject: the terms of every stated "if" clause (an "otherwise" branch states none). A sentence that
 * names none of them is not about the condition, whatever action words it shares with a branch.
 */
export function subjectTerms(rule: Rule): Set<string> {
  return new Set(rule.branches.flatMap((b) => (isOtherwise(b.when) ? [] : [...termSet(b.when)])));
}

/** Terms in a negation's scope ("defect" in "reports no defect"): shared by the branches, told apart by polarity. */
function polarityScope(rule: Rule): Set<string> {
  const scope = new Set<string>();
  for (const b of rule.branches) {
    if (isOtherwise(b.when)) continue;
    const cue = NEGATION.exec(b.when);
    if (cue) for (const t of termSet(b.when.slice(cue.index + cue[0].length))) scope.add(t);
  }
  return scope;
}

/**
 * The terms that decide between the branches: each branch's distinguishing terms plus the negation-scoped terms every
 * branch shares (a sentence stating them votes by its polarity).
 */
export function decidingTerms(rule: Rule): Set<string>[] {
  const scope = polarityScope(rule);
  return distinguishingTerms(rule).map((d) => new Set([...d, ...scope]));
}

/** Beside evidence that names the condition's subject, a sentence naming none of its terms counts this much. */
const OFF_SUBJECT = 0.25;

/**
 * Score each branch by the evidence. A sentence adds, for each branch, its weight times the (term-weighted) share of
 * that branch's deciding terms it states. Beside sentences about the condition's subject, one naming none of its terms
 * counts a quarter: an "otherwise" branch whose only own word is a common verb ("ask") is not decided by a chat line
 * using it. When a sentence restates an "if" clause with the opposite polarity ("is English" against "is not
 * English"), its support for that branch goes to the alternative branches instead.
 */
export function resolveRule(
  rule: Rule,
  evidence: readonly EvidenceSentence[],
  termWeight: TermWeight = () => 1,
): Resolution {
  const deciding = decidingTerms(rule);
  const subject = subjectTerms(rule);
  const whenTerms = rule.branches.map(polarityTerms);
  const totals = deciding.map((d) => [...d].reduce((sum, t) => sum + termWeight(t), 0));
  const mentionsSubject = (text: string) => {
    const terms = termSet(text);
    return [...subject].some((t) => terms.has(t));
  };
  // Off-subject sentences are discounted only beside evidence about the subject; alone, they are all there is.
  const subjectSeen = evidence.some((s) => mentionsSubject(s.text));
  const scores = rule.branches.map(() => 0);
  const contributions: { sentence: EvidenceSentence; branch: number; amount: number }[] = [];
  for (const sentence of evidence) {
    const terms = termSet(sentence.text);
    const clauses = clausesOf(sentence.text);
    const discount = subjectSeen && !mentionsSubject(sentence.text) ? OFF_SUBJECT : 1;
    rule.branches.forEach((branch, i) => {
      const d = deciding[i]!;
      if (d.size === 0) return;
      let stated = 0;
      for (const t of d) if (terms.has(t)) stated += termWeight(t);
      if (stated === 0) return;
      const amount = (discount * sentence.weight * stated) / totals[i]!;
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
