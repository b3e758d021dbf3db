/**
 * @module DRFA stage 4, adaptive action planning (Appendix J.6) at the end of each round: conditional action planning
 * first (J.7 intermediate workflow → J.8 targeted personal-evidence actions, inserted ahead of everything else), then
 * gap finding (J.6) under its diversity rules. Each model call is spent on progress: J.7 only when new policy passages
 * arrived since it last ran that touch its workflow (`touchesWorkflow`), J.8 only for conditions not targeted yet, J.6 only when findings arrived since the last
 * gap analysis and never again once it answered that no gap is left; all of it within a budget of planning calls.
 */
import { renderAdaptivePlanning } from "../prompts/adaptive-planning.ts";
import { renderConditionalPlanning } from "../prompts/conditional-planning.ts";
import { renderIntermediateWorkflow } from "../prompts/intermediate-workflow.ts";
import {
  actionTypesWithTools,
  availableToolNames,
  parametersLine,
  toolGuidelines,
} from "../prompts/tool-guidelines.ts";
import { type Action, conditionActions, gapActions, toAction } from "../shared/action.ts";
import type { ResearchContext } from "../shared/context.ts";
import { documentsFound } from "../shared/documents-found.ts";
import { askJson } from "../shared/llm.ts";
import { findingsDigest } from "../shared/sources.ts";
import { termSet } from "../shared/text.ts";
import {
  type ConditionObject,
  conditionsSummary,
  IntermediateWorkflow,
  workflowText,
} from "./intermediate.ts";
import { conditionOf, searchedInVain, targetingLine, targetings } from "./targeted.ts";

/** Diversity rule 1 of J.6: a new query may share at most half its keywords with an already-used query. */
export const MAX_QUERY_OVERLAP = 0.5;
/** Diversity rules 3-4 of J.6: no more actions for a stage that already has this many. */
export const MAX_ACTIONS_PER_STAGE = 7;
/**
 * Character budget of `{findings_summary}` in J.7 (≈ 30k tokens). At 40,000 every answering model of relay round 7
 * found passages of documents it had read whole "left out for length", and J.7's workflow lost steps between rounds
 * (s5150 legal_01: payment, reserve and closure gone in the third round).
 */
export const FINDINGS_SUMMARY_CHARS = 120_000;

/** What adaptive planning remembers across rounds. */
export type AdaptiveState = {
  intermediate: IntermediateWorkflow | null;
  /** Policy passages known when J.7 last ran (or last decided not to): J.7 runs again only for new ones touching its workflow. */
  policySeen: number;
  /** Condition ids (and their decisions, lower-cased) already turned into actions. */
  targeted: Set<string>;
  /** Conditions planned for once more after their actions found nothing (`searchedInVain`): never a third time. */
  replanned: Set<string>;
  /** Passages known when J.6 last ran; J.6 runs again only when new ones arrived. */
  gapSeen: number;
  /** J.6 answered that no gap is left: it is not asked again. */
  gapClosed: boolean;
  /** Planning calls (J.6-J.8) left. */
  callsLeft: number;
};

export function newAdaptiveState(planningCalls: number): AdaptiveState {
  return {
    intermediate: null,
    policySeen: 0,
    targeted: new Set(),
    replanned: new Set(),
    gapSeen: 0,
    gapClosed: false,
    callsLeft: planningCalls,
  };
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

/** A workflow term is a key term when at most this share of the session's policy passages hold it… */
export const KEY_TERM_SHARE = 0.2;
/** …and a new passage touches the workflow when it holds at least this many key terms. */
export const MIN_KEY_TERMS = 3;

/** Words of a question or a workflow outline that say nothing about its topic. */
const QUESTION_WORDS = new Set(
  "what which when where whom whose have does step steps workflow process procedure follow should would could them they their there about after before".split(
    " ",
  ),
);

/**
 * The workflow's key terms: the terms of its steps, conditions and branches and of the question that few of the
 * session's policy passages hold (consent, interpreter, proficiency — not patient, procedure, record).
 */
export function keyTerms(workflowTerms: ReadonlySet<string>, passages: readonly string[]): Set<string> {
  const content = [...workflowTerms].filter((t) => t.length > 3 && !QUESTION_WORDS.has(t));
  const df = new Map<string, number>();
  for (const p of passages)
    for (const t of termSet(p)) if (workflowTerms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const limit = Math.max(1, KEY_TERM_SHARE * passages.length);
  return new Set(content.filter((t) => (df.get(t) ?? 0) <= limit));
}

/**
 * Whether a passage found after J.7 last ran could change its workflow: it holds at least `MIN_KEY_TERMS` of the
 * workflow's key terms (a hand-hygiene reminder or a meal-tray schedule in a consent search holds none).
 */
export function touchesWorkflow(passage: string, key: ReadonlySet<string>): boolean {
  let shared = 0;
  for (const t of termSet(passage)) if (key.has(t)) shared += 1;
  return shared >= MIN_KEY_TERMS;
}

/**
 * Whether a new policy passage can change the workflow: it touches it (`touchesWorkflow`) and its document's title is
 * on the question's topic — it holds most of the question's topic words that any found policy title holds ("Informed
 * Consent for Patients with Limited English Proficiency", not "Patient Care Guideline PCG-338: Travel and Expense
 * Reimbursement", for an LEP consent); a passage of an expense guide or an IT handbook that happens to hold three key
 * terms does not.
 */
export function bearsOnWorkflow(
  hit: { title: string; text: string },
  key: ReadonlySet<string>,
  topic: ReadonlySet<string>,
): boolean {
  if (!touchesWorkflow(hit.text, key)) return false;
  let shared = 0;
  for (const t of termSet(hit.title)) if (topic.has(t)) shared += 1;
  return shared > topic.size / 2;
}

/** The question's topic words that some found policy title holds (content words only). */
export function titleTopic(question: string, titles: readonly string[]): Set<string> {
  const held = new Set(titles.flatMap((t) => [...termSet(t)]));
  return new Set([...termSet(question)].filter((t) => t.length > 3 && !QUESTION_WORDS.has(t) && held.has(t)));
}

/**
 * Whether J.7 runs this round: when it has not run, or when it produced no steps and new policy passages arrived, or
 * when some policy passage that arrived since it last ran bears on its workflow (`bearsOnWorkflow`); noted either way.
 */
function workflowNeedsRerun(rc: ResearchContext, state: AdaptiveState): boolean {
  const policy = rc.findings.bySide("policy");
  if (policy.length <= state.policySeen) {
    rc.tracer.note("intermediate workflow (J.7): no new policy passage since it last ran; not re-run");
    return false;
  }
  const w = state.intermediate;
  if (!w || w.generic_workflow_steps.length === 0) return true;
  const fresh = policy.slice(state.policySeen);
  const key = keyTerms(
    termSet(`${rc.question}\n${workflowText(w)}`),
    policy.map((f) => f.hit.text),
  );
  const topic = titleTopic(rc.question, [...new Set(policy.map((f) => f.hit.title))]);
  const touching = fresh.filter((f) => bearsOnWorkflow(f.hit, key, topic));
  if (touching.length > 0) {
    const titles = [...new Set(touching.map((f) => `"${f.hit.title}"`))].join(", ");
    rc.tracer.note(
      `intermediate workflow (J.7): re-run for ${touching.length} new policy passage(s) of ${titles}`,
    );
    return true;
  }
  rc.tracer.note(
    `intermediate workflow (J.7): ${fresh.length} new policy passage(s) since it last ran, none bearing on its steps or conditions; not re-run`,
  );
  state.policySeen = policy.length;
  return false;
}

/** Whether a planning call may be spent; notes it when the budget is gone. */
function spend(rc: ResearchContext, state: AdaptiveState, what: string): boolean {
  if (state.callsLeft <= 0) {
    rc.tracer.note(`${what}: skipped, the planning-call budget is spent`);
    return false;
  }
  state.callsLeft -= 1;
  return true;
}

const decisionOf = (c: ConditionObject) => c.description.trim().toLowerCase();

/**
 * Conditional action planning. J.7 runs when policy passages exist and new ones arrived since it last ran; J.8 runs for
 * the conditions not targeted yet (by id or by decision: a re-extraction may rename a condition). Returns the actions
 * added (inserted ahead, high priority).
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
  if (workflowNeedsRerun(rc, state) && spend(rc, state, "intermediate workflow (J.7)")) {
    const prompt = renderIntermediateWorkflow({
      researchQuery: rc.question,
      findingsSummary: findingsDigest(rc, "policy", FINDINGS_SUMMARY_CHARS),
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
      title: `Intermediate generic workflow (round ${iteration})`,
      text: workflowText(workflow),
      sources: [...new Set(rc.findings.bySide("policy").map((f) => f.hit.documentId))],
    });
  }
  const conditions = state.intermediate?.conditional_steps ?? [];
  const isTargeted = (c: ConditionObject) =>
    state.targeted.has(c.condition_id) || state.targeted.has(decisionOf(c));
  const fresh = conditions.filter((c) => !isTargeted(c));
  const earlier = targetings(rc, conditions.filter(isTargeted), conditions);
  // A condition whose actions all ran and found nothing is still unresolved: planned for once more, saying so.
  const again = earlier.filter((t) => !state.replanned.has(t.condition.condition_id) && searchedInVain(t));
  const open = [...fresh, ...again.map((t) => t.condition)];
  if (open.length === 0 || !spend(rc, state, "conditional action planning (J.8)")) return [];
  if (again.length > 0)
    rc.tracer.note(
      `conditional action planning: ${again.map((t) => t.condition.condition_id).join(", ")} planned for again (their actions ran and found nothing)`,
    );
  const tools = rc.toolbox.info({ reading: true });
  const prompt = renderConditionalPlanning({
    originalQuestion: rc.question,
    conditionsSummary: [
      conditionsSummary(fresh),
      ...again.map(
        (t) =>
          `${conditionsSummary([t.condition])}\n  searched before, nothing found: ${
            t.queries.length
              ? t.queries.map((q) => `"${q}"`).join(", ")
              : "no earlier action searched for its terms"
          } (search other apps, or for the case's names and ids)`,
      ),
    ]
      .filter(Boolean)
      .join("\n"),
    existingQueries: rc.plan.queries(),
    availableToolNames: availableToolNames(tools),
    toolGuidelines: toolGuidelines(tools),
    actionTypes: actionTypesWithTools(tools),
    parameters: parametersLine(tools),
    documentsFound: await documentsFound(rc),
    targeted: earlier.filter((t) => !open.includes(t.condition)).map((t) => targetingLine(t, rc.registry)),
  });
  const proposed = await askJson(rc, {
    stage: "conditional_action_planning",
    prompt,
    schema: conditionActions(tools),
    schemaName: "actions",
    template: "J.8",
  });
  for (const c of open) {
    state.targeted.add(c.condition_id);
    state.targeted.add(decisionOf(c));
  }
  for (const t of again) state.replanned.add(t.condition.condition_id);
  // Each action is filed under the open condition its query, description or document bears on (none when it bears
  // on none: a read of a policy's shipment notes is no evidence about who sold the item).
  const actions = proposed.slice(0, 6).map((p, i) => {
    const action = toAction(p, {
      id: `cap${iteration}_action_${i}`,
      stage: "PERSONAL_EVIDENCE_COLLECTION",
      origin: "conditional",
      priority: 0.9,
    });
    const about = conditionOf(action, open, conditions, rc.question);
    return { ...action, condition_id: about?.condition_id ?? null };
  });
  return rc.plan.add(actions, { ahead: true });
}

/**
 * Gap finding (J.6): 0-2 complementary actions; proposals breaking the diversity rules are dropped (and noted). Asked
 * only when passages arrived since the last gap analysis, and never again once it answered that no gap is left.
 */
export async function gapFinding(
  rc: ResearchContext,
  state: AdaptiveState,
  iteration: number,
): Promise<Action[]> {
  if (state.gapClosed) return [];
  const seen = rc.findings.all().length;
  if (seen === state.gapSeen) {
    rc.tracer.note("gap finding: no new findings since the last gap analysis; skipped");
    return [];
  }
  if (!spend(rc, state, "gap finding (J.6)")) return [];
  state.gapSeen = seen;
  const stats = rc.plan.stats();
  const all = rc.plan.all();
  const tools = rc.toolbox.info({ reading: true });
  const prompt = renderAdaptivePlanning({
    researchQuery: rc.plan.researchQuery,
    completedActions: stats.completed,
    planStats: stats,
    hasPolicyDocuments: rc.findings.bySide("policy").length > 0,
    hasPersonalEvidence: rc.findings.bySide("personal").length > 0,
    existingQueries: all.map((e) => e.action.parameters.query),
    existingDescriptions: all.map((e) => e.action.description),
    availableToolNames: availableToolNames(tools),
    actionTypes: actionTypesWithTools(tools),
    parameters: parametersLine(tools),
    ran: rc.plan.finished().length,
    pending: stats.pending,
    documentsFound: await documentsFound(rc),
  });
  const proposed = await askJson(rc, {
    stage: "gap_finding",
    prompt,
    schema: gapActions(tools),
    schemaName: "actions",
    template: "J.6",
  });
  if (proposed.length === 0) {
    state.gapClosed = true;
    rc.tracer.note("gap finding: no gap left, by the model's answer; not asked again");
    return [];
  }
  const used = rc.plan.queries();
  const perStage = { ...stats.by_stage };
  const kept: Action[] = [];
  const stage =
    rc.findings.bySide("policy").length === 0 ? "REQUIREMENT_COLLECTION" : "PERSONAL_EVIDENCE_COLLECTION";
  for (const [i, p] of proposed.entries()) {
    if (kept.length >= 2) break;
    const action = toAction(p, { id: `gap${iteration}_action_${i}`, stage, origin: "gap", priority: 0.85 });
    const overlap = maxOverlap(action.parameters.query, used);
    // Reading a found document whole is not a rephrased search.
    if (action.type !== "read_document" && overlap > MAX_QUERY_OVERLAP) {
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
