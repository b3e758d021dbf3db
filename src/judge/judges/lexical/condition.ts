/** @module Lexical condition resolution: does the predicted step commit to the golden branch's distinguishing terms, list every branch, or take another? */
import type { Condition } from "../../../core/index.ts";
import type { ConditionScore } from "../types.ts";
import { terms } from "./terms.ts";

/** Share of a branch's distinguishing terms a text must contain to count as committing to that branch. */
export const COMMIT_SHARE = 0.5;

export type BranchCoverage = { branch: string; distinguishing: string[]; coverage: number };

/** Terms of each branch (its trigger and its action) that no other branch of the condition uses. */
export function distinguishingTerms(condition: Condition): Map<string, string[]> {
  const per = condition.branches.map((b) => ({ id: b.id, terms: new Set(terms(`${b.when} ${b.then}`)) }));
  const out = new Map<string, string[]>();
  for (const b of per) {
    const others = new Set(per.filter((o) => o.id !== b.id).flatMap((o) => [...o.terms]));
    const own = [...b.terms].filter((t) => !others.has(t));
    out.set(b.id, own.length > 0 ? own : [...b.terms]);
  }
  return out;
}

export function branchCoverage(condition: Condition, text: string): BranchCoverage[] {
  const have = new Set(terms(text));
  return [...distinguishingTerms(condition)].map(([branch, distinguishing]) => ({
    branch,
    distinguishing,
    coverage:
      distinguishing.length === 0
        ? 0
        : distinguishing.filter((t) => have.has(t)).length / distinguishing.length,
  }));
}

/**
 * 1 when the text commits to the selected branch alone and gives a reason (a justification or a citation);
 * 0.5 when it lists the selected branch beside another, or commits without any reason;
 * 0 when it takes another branch, or shows no branch at all.
 */
export function scoreResolution(
  condition: Condition,
  selected: string,
  text: string,
  hasReason: boolean,
): { score: ConditionScore; why: string } {
  const cov = branchCoverage(condition, text);
  const sel = cov.find((c) => c.branch === selected);
  const others = cov.filter((c) => c.branch !== selected);
  const selHit = (sel?.coverage ?? 0) >= COMMIT_SHARE;
  const otherHits = others.filter((o) => o.coverage >= COMMIT_SHARE);
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const detail = cov
    .map((c) => `${c.branch}: ${pct(c.coverage)} of [${c.distinguishing.join(", ")}]`)
    .join("; ");
  if (selHit && otherHits.length === 0) {
    return hasReason
      ? { score: 1, why: `commits to branch ${selected} (${detail})` }
      : { score: 0.5, why: `names branch ${selected} but gives no justification or citation (${detail})` };
  }
  if (selHit)
    return {
      score: 0.5,
      why: `lists branch ${selected} beside ${otherHits.map((o) => o.branch).join(", ")} (${detail})`,
    };
  if (otherHits.length > 0)
    return {
      score: 0,
      why: `takes branch ${otherHits.map((o) => o.branch).join(", ")} instead of ${selected} (${detail})`,
    };
  return { score: 0, why: `no branch of the condition is addressed (${detail})` };
}
