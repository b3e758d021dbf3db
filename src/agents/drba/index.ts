/**
 * @module DRBA, DRBench's baseline agent (seed 003): research planning none / SRP / CRP, action planning, a research
 * loop with optional adaptive action planning (AAP) under an iteration budget, and — as the DRFlow paper adapts it —
 * the same J.9 workflow prediction prompt and report format as DRFA on DRFlow tasks; on DRBench tasks it writes
 * DRBench's insight + citation research report (`research-report.ts`). Its prompts are in `prompts/drba.ts`.
 */
import { z } from "zod";
import { defineAgent } from "../define.ts";
import { renderAap, renderCrp, renderDrbaActions, renderSrp } from "../prompts/drba.ts";
import {
  actionPlanGuidelines,
  availableToolNames,
  toolGuidelines,
  toolsSection,
} from "../prompts/tool-guidelines.ts";
import { type Action, plannedActions, toAction } from "../shared/action.ts";
import { openContext, type ResearchContext } from "../shared/context.ts";
import { documentsFound } from "../shared/documents-found.ts";
import { askJson } from "../shared/llm.ts";
import { researchLoop } from "../shared/research-loop.ts";
import { CrpPlan, SubQuestions } from "../shared/research-plan.ts";
import { DEFAULT_EVIDENCE_CHARS, findingsDigest, sessionEvidence } from "../shared/sources.ts";
import type { WebSearch } from "../shared/tools.ts";
import { webSearchOf } from "../shared/web.ts";
import { generateWorkflow } from "../shared/workflow.ts";
import type { Agent, AgentContext, AgentOutput } from "../types.ts";
import { writeResearchReport } from "./research-report.ts";

export const DrbaPlanning = z.enum(["none", "srp", "crp"]);
export type DrbaPlanning = z.infer<typeof DrbaPlanning>;

export const DrbaOptions = z.strictObject({
  /** Research planning: none, simple (sub-questions) or complex (structured areas). */
  planning: DrbaPlanning.default("crp"),
  /** Adaptive action planning in the research loop. */
  aap: z.boolean().default(true),
  /** Research rounds: each runs every planned action, then plans adaptively (AAP); fewer when AAP adds nothing. */
  iterations: z.number().int().min(1).max(100).default(10),
  concurrency: z.number().int().min(1).max(16).default(1),
  evidenceChars: z.number().int().min(1000).default(DEFAULT_EVIDENCE_CHARS),
});
export type DrbaOptions = z.infer<typeof DrbaOptions>;

/** Character budget of the findings in the AAP prompt (whole passages; what does not fit is named for read_document). */
export const AAP_FINDINGS_CHARS = 40_000;

export const DRBA = defineAgent({
  name: "drba",
  summary: "DRBench's research agent: planning, a research loop, the report",
  options: DrbaOptions,
  // DRFlow tasks: the J.9 workflow report; DRBench tasks: DRBench's insight + citation report.
  serves: ["drflow", "drbench"],
  needsModel: true,
  run: (context, opts, extra: { web?: WebSearch }) =>
    runDrba(context, opts, extra.web ?? (context.env.web ? webSearchOf(context.env.web) : null)),
});

export function drba(options: z.input<typeof DrbaOptions> = {}, extra: { web?: WebSearch } = {}): Agent {
  return DRBA.create(options, extra);
}

/** Research objectives per planning mode: the question itself, its sub-questions (SRP), or structured areas (CRP). */
async function objectives(rc: ResearchContext, planning: DrbaPlanning): Promise<string[]> {
  if (planning === "srp") {
    const r = await askJson(rc, {
      stage: "research_planning",
      prompt: renderSrp({ question: rc.question }),
      schema: SubQuestions,
      schemaName: "sub_questions",
      template: "DRBA.SRP",
    });
    return r.sub_questions.slice(0, 4);
  } else if (planning === "crp") {
    const r = await askJson(rc, {
      stage: "research_planning",
      prompt: renderCrp({ question: rc.question, toolsSection: toolsSection(rc.toolbox.info()) }),
      schema: CrpPlan,
      schemaName: "research_plan",
      template: "DRBA.CRP",
    });
    return r.research_investigation_areas
      .slice(0, 4)
      .map((a) =>
        [
          a.research_focus,
          a.information_needs.length ? `Information needs: ${a.information_needs.join("; ")}` : "",
          a.expected_sources.length ? `Expected sources: ${a.expected_sources.join("; ")}` : "",
          a.success_criteria.length ? `Success criteria: ${a.success_criteria.join("; ")}` : "",
          a.search_terms.length ? `Search terms: ${a.search_terms.join("; ")}` : "",
        ]
          .filter(Boolean)
          .join("\n"),
      );
  }
  return [rc.question];
}

async function planActions(rc: ResearchContext, objective: string, index: number): Promise<Action[]> {
  const tools = rc.toolbox.info();
  const proposed = await askJson(rc, {
    stage: "action_planning",
    prompt: renderDrbaActions({
      question: rc.question,
      objective,
      availableToolNames: availableToolNames(tools),
      toolGuidelines: toolGuidelines(tools),
      actionPlanGuidelines: actionPlanGuidelines(tools),
    }),
    schema: plannedActions(tools),
    schemaName: "actions",
    template: "DRBA.ACTIONS",
  });
  const actions = proposed
    .slice(0, 3)
    .map((p, i) =>
      toAction(p, { id: `${index + 1}_action_${i}`, stage: "RESEARCH", origin: "plan", priority: 0.8 }),
    );
  if (actions.length > 0) return actions;
  rc.tracer.note(`action planning: no usable actions for objective ${index + 1}; searching it directly`);
  return [
    toAction(
      {
        type: "enterprise_api",
        description: objective,
        parameters: { query: objective.split("\n")[0]! },
        priority: 0.8,
        expected_output: "",
        preferred_tool: "",
      },
      { id: `${index + 1}_action_0`, stage: "RESEARCH", origin: "plan", priority: 0.8 },
    ),
  ];
}

/** What DRBA's adaptive planning remembers across rounds: findings seen at its last call, and whether it said "done". */
type AapState = { seen: number; closed: boolean };

/** AAP: asked only when findings arrived since its last call, and never again once it answered that nothing is missing. */
async function adaptive(rc: ResearchContext, state: AapState, iteration: number): Promise<Action[]> {
  if (state.closed) return [];
  const seen = rc.findings.all().length;
  if (seen === state.seen) {
    rc.tracer.note("adaptive action planning: no new findings since its last call; skipped");
    return [];
  }
  state.seen = seen;
  const tools = rc.toolbox.info({ reading: seen > 0 });
  const proposed = await askJson(rc, {
    stage: "adaptive_action_planning",
    prompt: renderAap({
      question: rc.question,
      completed: rc.plan.finished().length,
      findingsSummary: findingsDigest(rc, "all", AAP_FINDINGS_CHARS),
      existingQueries: rc.plan.queries(),
      documentsFound: await documentsFound(rc),
      availableToolNames: availableToolNames(tools),
      actionPlanGuidelines: actionPlanGuidelines(tools),
    }),
    schema: plannedActions(tools),
    schemaName: "actions",
    template: "DRBA.AAP",
  });
  if (proposed.length === 0) {
    state.closed = true;
    rc.tracer.note("adaptive action planning: nothing missing, by the model's answer; not asked again");
    return [];
  }
  const actions = proposed.slice(0, 2).map((p, i) =>
    toAction(p, {
      id: `aap${iteration}_action_${i}`,
      stage: "RESEARCH",
      origin: "adaptive",
      priority: 0.7,
    }),
  );
  return rc.plan.add(actions);
}

async function runDrba(
  context: AgentContext,
  opts: DrbaOptions,
  web: WebSearch | null,
): Promise<AgentOutput> {
  const rc = await openContext(context, { web });
  try {
    const objs = await objectives(rc, opts.planning);
    for (const [i, o] of objs.entries()) rc.plan.add(await planActions(rc, o, i));
    const aap: AapState = { seen: 0, closed: false };
    await researchLoop(rc, opts, async (iteration) =>
      opts.aap ? (await adaptive(rc, aap, iteration)).length : 0,
    );
    // Its searches are the focus when the passages found outrun the budget: each query's evidence gets its share.
    const { pieces, whole } = await sessionEvidence(rc, rc.plan.queries(), opts.evidenceChars);
    if ((context.env.kind ?? "drflow") === "drbench") {
      const report = await writeResearchReport(rc, pieces, opts.evidenceChars);
      return { report, trace: rc.tracer.events };
    }
    const final = await generateWorkflow(rc, pieces, opts.evidenceChars, { whole });
    return { report: final.report, trace: rc.tracer.events };
  } finally {
    await rc.findings.close();
  }
}
