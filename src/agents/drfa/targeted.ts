/**
 * @module What became of the conditions J.8 no longer lists as open (`{targeted}` of adapter J.8.targeted): a
 * condition leaves the open list once an earlier round planned actions for it, not because anything resolved it, so
 * each request says, per condition, which actions targeted it and the personal passage that best speaks to it —
 * "found in "<title>" (src_N): <the sentence>" — or that none does yet.
 */
import type { ResearchContext } from "../shared/context.ts";
import type { RetrievedFinding } from "../shared/findings.ts";
import { bestSentence, overlap, termSet } from "../shared/text.ts";
import type { ConditionObject } from "./intermediate.ts";

/** A sentence speaks to a condition when it holds at least this many of the condition's terms. */
export const MIN_SHARED_TERMS = 3;

/** The terms a passage answering the condition would share with it: its decision, branches and evidence needed. */
function conditionText(c: ConditionObject): string {
  return [c.description, c.evidence_needed, ...c.branches].join(" ");
}

/**
 * The personal passage that best speaks to a condition, and its sentence: among the passages its own actions found
 * first, else among all personal passages (an action may find again what an earlier one found). Null below
 * `MIN_SHARED_TERMS`.
 */
export function bestEvidence(
  c: ConditionObject,
  personal: readonly RetrievedFinding[],
  actionIds: ReadonlySet<string>,
): { finding: RetrievedFinding; sentence: string } | null {
  const terms = termSet(conditionText(c));
  const pick = (pool: readonly RetrievedFinding[]) => {
    let best: { finding: RetrievedFinding; sentence: string; score: number } | null = null;
    for (const finding of pool) {
      const sentence = bestSentence(finding.hit.text, conditionText(c));
      const score = Math.round(overlap(terms, sentence) * terms.size);
      if (score >= MIN_SHARED_TERMS && (!best || score > best.score)) best = { finding, sentence, score };
    }
    return best;
  };
  const best = pick(personal.filter((f) => actionIds.has(f.actionId))) ?? pick(personal);
  return best ? { finding: best.finding, sentence: best.sentence } : null;
}

/** One line per condition targeted earlier: its actions (run or not) and the evidence found for it. */
export function targetedConditions(
  rc: Pick<ResearchContext, "plan" | "findings" | "registry">,
  conditions: readonly ConditionObject[],
): string[] {
  const personal = rc.findings.bySide("personal");
  return conditions.map((c) => {
    const entries = rc.plan.all().filter((e) => e.action.condition_id === c.condition_id);
    const ran = entries.filter((e) => e.status === "done" || e.status === "failed");
    const waiting = entries.length - ran.length;
    const queries = entries.map((e) => `"${e.action.parameters.query || e.action.parameters.document}"`);
    const head = `- ${c.condition_id} (step ${c.step_number}: ${c.description}): targeted by ${entries.length} action(s)${
      queries.length ? ` (${queries.join(", ")})` : ""
    }, ${ran.length} run, ${waiting} not run yet`;
    const found = bestEvidence(c, personal, new Set(entries.map((e) => e.action.id)));
    if (!found) return `${head}; no passage found so far speaks to it`;
    const key = rc.registry.keyOf(found.finding.hit.documentId);
    return `${head}; found in "${found.finding.hit.title}"${key ? ` (${key})` : ""}: ${found.sentence}`;
  });
}
