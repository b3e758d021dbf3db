/**
 * @module DRFA stage 4, adaptive action planning (Appendix J.6): conditional action planning first (J.7 intermediate
 * workflow → J.8 targeted personal-evidence actions, inserted ahead of everything else), then gap finding (J.6) under
 * its diversity rules.
 */
import { renderAdaptivePlanning } from "../prompts/adaptive-planning.ts";
import { renderConditionalPlanning } from "../prompts/conditional-planning.ts";
import { renderIntermediateWorkflow } from "../prompts/intermediate-workflow.ts";
import { availableToolNames, toolGuidelines } from "../prompts/tool-guidelines.ts";
import { type Action, ProposedActions, toAction } from "../shared/action.ts";
import type { ResearchContext } from "../shared/context.ts";
import { askJson } from "../shared/llm.ts";
import { termSet, truncate } from "../shared/text.ts";
import {
  type ConditionObject,
  conditionsSummary,
  IntermediateWorkflow,
  workflowText,
} from "./intermediate.ts";

/** Diversity rule 1 of J.6: a new query may share at most half its keywords with an already-used query. */
export const MAX_QUERY_OVERLAP = 0.5;
/** Diversity rules 3-4 of J.6: no more actions for a stage that already has this many. */
export const MAX_ACTIONS_PER_STAGE = 7;
/** Character budget of `{findings_summary}` in J.7. */
export const FINDINGS_SUMMARY_CHARS = 40_000;

/** What adaptive planning remembers across rounds. */
export type AdaptiveState = {
  intermediate: IntermediateWorkflow | null;
  /** Policy chunks known when J.7 last ran; J.7 runs again only when new policy evidence arrived. */
  policySeen: number;
  /** Condition ids already turned into actions. */
  targeted: Set<string>;
};

export function newAdaptiveState(): AdaptiveState {
  return { intermediate: null, policySeen: 0, targeted: new Set() };
}

/** Keyword overlap of a query with the closest already-used query (share of the new query's keywords). */
export function maxOverlap(query: string, used: readonly string[]): number {
  const q = termSet(query);
  if (q.size === 0) return 1;
  let best = 0;
  for (const u of used) {
    const t = termSet(u);
    let n = 0;
    for (const w of q) if (t.has(w)) n += 1;
    best = Math.max(best, n / q.size);
  }
  return best;
}

function findingsSummary(rc: ResearchContext): string {
  const bySource = new Map<string, { title: string; texts: string[] }>();
  for (const f of rc.findings.bySide("policy")) {
    const entry = bySource.get(f.hit.documentId) ?? { title: f.hit.title, texts: [] };
    entry.texts.push(f.hit.text);
    bySource.set(f.hit.documentId, entry);
  }
  const blocks = [...bySource.values()].map((e) => `### ${e.title}\n${e.texts.join("\n…\n")}`);
  return truncate(blocks.join("\n\n"), FINDINGS_SUMMARY_CHARS);
}

/**
 * Conditional action planning. J.7 runs when policy evidence exists and grew since the last run; J.8 runs for the
 * conditions not targeted yet. Returns the actions added (inserted ahead, high priority).
 */
export async function conditionalActionPlanning(
  rc: ResearchContext,
  state: AdaptiveState,
  iteration: number,
): Promise<Action[]> {
  const policy = rc.findings.bySide("policy").length;
  if (policy === 0) {
    rc.tracer.note("conditional action planning: no policy evidence yet; skipped");
    return [];
  }
  if (policy > state.policySeen || state.intermediate === null) {
    const prompt = renderIntermediateWorkflow({
      researchQuery: rc.question,
      findingsSummary: findingsSummary(rc),
    });
    const workflow = await askJson(rc, {
      stage: "intermediate_workflow",
      prompt,
      schema: IntermediateWorkflow,
      schemaName: "intermediate_workflow",
      template: "J.7",
    });
    state.policySeen = policy;
    state.intermediate = workflow;
    await rc.findings.addSynthesized({
      title: `Intermediate generic workflow (iteration ${iteration})`,
      text: workflowText(workflow),
      sources: [...new Set(rc.findings.bySide("policy").map((f) => f.hit.documentId))],
    });
  }
  const open: ConditionObject[] = (state.intermediate?.conditional_steps ?? []).filter(
    (c) => !state.targeted.has(c.condition_id),
  );
  if (open.length === 0) return [];
  const tools = rc.toolbox.info();
  const prompt = renderConditionalPlanning({
    originalQuestion: rc.question,
    conditionsSummary: conditionsSummary(open),
    existingQueries: rc.plan.queries(),
    availableToolNames: availableToolNames(tools),
    toolGuidelines: toolGuidelines(tools),
  });
  const proposed = await askJson(rc, {
    stage: "conditional_action_planning",
    prompt,
    schema: ProposedActions,
    schemaName: "actions",
    template: "J.8",
  });
  for (const c of open) state.targeted.add(c.condition_id);
  const actions = proposed.slice(0, 6).map((p, i) => {
    const about = open.find((c) => p.description.includes(c.condition_id)) ?? open[i % open.length]!;
    return toAction(p, {
      id: `cap${iteration}_action_${i}`,
      stage: "PERSONAL_EVIDENCE_COLLECTION",
      origin: "conditional",
      priority: 0.9,
      conditionId: about.condition_id,
    });
  });
  return rc.plan.add(actions, { ahead: true });
}

/** Gap finding (J.6): 0-2 complementary actions; proposals breaking the diversity rules are dropped (and noted). */
export async function gapFinding(rc: ResearchContext, iteration: number): Promise<Action[]> {
  const stats = rc.plan.stats();
  const finished = rc.plan.finished();
  const prompt = renderAdaptivePlanning({
    researchQuery: rc.plan.researchQuery,
    completedActions: finished.length,
    planStats: stats,
    hasPolicyDocuments: rc.findings.bySide("policy").length > 0,
    hasPersonalEvidence: rc.findings.bySide("personal").length > 0,
    existingQueries: rc.plan.queries(),
    existingDescriptions: rc.plan.all().map((e) => e.action.description),
    availableToolNames: availableToolNames(rc.toolbox.info()),
  });
  const proposed = await askJson(rc, {
    stage: "gap_finding",
    prompt,
    schema: ProposedActions,
    schemaName: "actions",
    template: "J.6",
  });
  const used = rc.plan.queries();
  const perStage = { ...stats.by_stage };
  const kept: Action[] = [];
  // The side the evidence lacks is the default stage of a proposal that names none.
  const stage =
    rc.findings.bySide("policy").length === 0 ? "REQUIREMENT_COLLECTION" : "PERSONAL_EVIDENCE_COLLECTION";
  for (const [i, p] of proposed.entries()) {
    if (kept.length >= 2) break;
    const action = toAction(p, { id: `gap${iteration}_action_${i}`, stage, origin: "gap", priority: 0.85 });
    const overlap = maxOverlap(action.parameters.query, used);
    if (overlap > MAX_QUERY_OVERLAP) {
      rc.tracer.note(
        `gap finding: dropped "${action.parameters.query}" (${Math.round(overlap * 100)}% keyword overlap with a used query)`,
      );
      continue;
    }
    if ((perStage[action.stage] ?? 0) >= MAX_ACTIONS_PER_STAGE) {
      rc.tracer.note(
        `gap finding: dropped "${action.parameters.query}" (${action.stage} already has ${MAX_ACTIONS_PER_STAGE}+ actions)`,
      );
      continue;
    }
    perStage[action.stage] = (perStage[action.stage] ?? 0) + 1;
    used.push(action.parameters.query);
    kept.push(action);
  }
  return rc.plan.add(kept);
}
