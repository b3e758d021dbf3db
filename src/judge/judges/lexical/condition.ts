/** @module Lexical condition resolution: does the predicted step commit to the golden branch's distinguishing terms, list every branch, or take another? */
import type { Condition } from "../../../core/index.ts";
import type { ConditionScore } from "../types.ts";
import { terms } from "./terms.ts";

/** Share of a branch's distinguishing terms a text must contain to count as naming that branch. */
export const COMMIT_SHARE = 0.5;
/** When two branches are named, a coverage lead this large still counts as routing through the leader (incidental mentions). */
export const LEAD_MARGIN = 0.3;

export type BranchCoverage = { branch: string; distinguishing: string[]; coverage: number };

/**
 * Terms of each branch (its trigger and its action) that no other branch of the condition uses and that the step's
 * own generic wording (`context`: title, task, description, the decision's question) does not already use — saying
 * those commits to nothing. A branch left with no such term keeps its branch-only terms.
 */
export function distinguishingTerms(condition: Condition, context = ""): Map<string, string[]> {
  const per = condition.branches.map((b) => ({ id: b.id, terms: new Set(terms(`${b.when} ${b.then}`)) }));
  const shared = new Set(terms(`${context} ${condition.question}`));
  const out = new Map<string, string[]>();
  for (const b of per) {
    const others = new Set(per.filter((o) => o.id !== b.id).flatMap((o) => [...o.terms]));
    const own = [...b.terms].filter((t) => !others.has(t));
    const specific = own.filter((t) => !shared.has(t));
    out.set(b.id, specific.length > 0 ? specific : own.length > 0 ? own : [...b.terms]);
  }
  return out;
}

export function branchCoverage(condition: Condition, text: string, context = ""): BranchCoverage[] {
  const have = new Set(terms(text));
  return [...distinguishingTerms(condition, context)].map(([branch, distinguishing]) => ({
    branch,
    distinguishing,
    coverage:
      distinguishing.length === 0
        ? 0
        : distinguishing.filter((t) => have.has(t)).length / distinguishing.length,
  }));
}

/**
 * 1 when the text commits to the selected branch and gives a reason (a justification or a citation); 0.5 when it lists
 * the selected branch beside another with no clear lead, or commits without any reason; 0 when it commits to another
 * branch, or names no branch at all. Naming two branches counts as committing to one when its coverage leads the
 * other's by at least LEAD_MARGIN (a justification may mention the road not taken). A step that keeps a condition text
 * with two or more branches lists paths: 0.5 when the selected one is among them.
 */
export function scoreResolution(
  condition: Condition,
  selected: string,
  text: string,
  hasReason: boolean,
  context = "",
  /** The step keeps a condition text with two or more branches: it lists paths rather than routing through one. */
  listsBranches = false,
): { score: ConditionScore; why: string } {
  const cov = branchCoverage(condition, text, context);
  const sel = cov.find((c) => c.branch === selected)?.coverage ?? 0;
  const named = cov.filter((c) => c.coverage >= COMMIT_SHARE);
  const best = [...cov].sort((a, b) => b.coverage - a.coverage);
  const runnerUp = (branch: string) =>
    Math.max(0, ...cov.filter((c) => c.branch !== branch).map((c) => c.coverage));
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const detail = cov
    .map((c) => `${c.branch}: ${pct(c.coverage)} of [${c.distinguishing.join(", ")}]`)
    .join("; ");
  if (named.length === 0) return { score: 0, why: `no branch of the condition is addressed (${detail})` };
  if (listsBranches) {
    return sel >= COMMIT_SHARE
      ? { score: 0.5, why: `keeps the branches as a condition instead of choosing ${selected} (${detail})` }
      : { score: 0, why: `keeps a condition that does not include ${selected} (${detail})` };
  }
  const leader = best[0]!;
  const leads = leader.coverage - runnerUp(leader.branch) >= LEAD_MARGIN || named.length === 1;
  if (leads && leader.branch === selected) {
    return hasReason
      ? { score: 1, why: `commits to branch ${selected} (${detail})` }
      : { score: 0.5, why: `names branch ${selected} but gives no justification or citation (${detail})` };
  }
  if (leads) return { score: 0, why: `takes branch ${leader.branch} instead of ${selected} (${detail})` };
  if (sel >= COMMIT_SHARE)
    return {
      score: 0.5,
      why: `lists branch ${selected} beside ${named
        .filter((n) => n.branch !== selected)
        .map((n) => n.branch)
        .join(", ")} without choosing (${detail})`,
    };
  return { score: 0, why: `lists other branches, not ${selected} (${detail})` };
}
