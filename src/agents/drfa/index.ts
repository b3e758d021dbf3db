/**
 * @module DRFA, the paper's workflow-aware deep research agent (Appendix J): research planning (J.4), action planning
 * (J.5), an iterative research loop whose rounds end with adaptive planning — conditional action planning first
 * (J.7, J.8), then gap finding (J.6) — and workflow generation (J.9). `gf` and `cap` switch the two adaptive
 * components off for the paper's ablations; `iterations` bounds the loop.
 */
import { z } from "zod";
import { defineAgent } from "../define.ts";
import { openContext } from "../shared/context.ts";
import { researchLoop } from "../shared/research-loop.ts";
import { DEFAULT_EVIDENCE_CHARS, sessionEvidence } from "../shared/sources.ts";
import type { WebSearch } from "../shared/tools.ts";
import { webSearchOf } from "../shared/web.ts";
import { generateWorkflow } from "../shared/workflow.ts";
import type { Agent, AgentContext, AgentOutput } from "../types.ts";
import { conditionalActionPlanning, gapFinding, newAdaptiveState } from "./adaptive.ts";
import { workflowText } from "./intermediate.ts";
import { actionPlanning, researchPlanning } from "./planning.ts";

export const DrfaOptions = z.strictObject({
  /** Gap finding (J.6). */
  gf: z.boolean().default(true),
  /** Conditional action planning (J.7 + J.8). */
  cap: z.boolean().default(true),
  /**
   * Research rounds (the paper's iteration budget, 10): each runs every planned action, then plans adaptively; the
   * loop ends sooner when a round plans nothing new.
   */
  iterations: z.number().int().min(1).max(100).default(10),
  /**
   * Model calls adaptive planning (J.6-J.8) may make in a run, on top of research planning (1), action planning (one
   * per area, 2) and the report (1): 8 keeps a run within 12 calls.
   */
  planningCalls: z.number().int().min(0).max(100).default(8),
  /** Actions run together per iteration (the paper's default: one at a time). */
  concurrency: z.number().int().min(1).max(16).default(1),
  /** Character budget of the evidence in the J.9 prompt. */
  evidenceChars: z.number().int().min(1000).default(DEFAULT_EVIDENCE_CHARS),
});
export type DrfaOptions = z.infer<typeof DrfaOptions>;

export const DRFA = defineAgent({
  name: "drfa",
  summary: "the paper's workflow-aware agent (ablations: gf=false, cap=false)",
  options: DrfaOptions,
  serves: ["drflow"],
  needsModel: true,
  aliases: {
    "drfa-wo-gf": { gf: false },
    "drfa-wo-cap": { cap: false },
    "drfa-wo-both": { gf: false, cap: false },
  },
  run: (context, opts, extra: { web?: WebSearch }) =>
    runDrfa(context, opts, extra.web ?? (context.env.web ? webSearchOf(context.env.web) : null)),
});

export function drfa(options: z.input<typeof DrfaOptions> = {}, extra: { web?: WebSearch } = {}): Agent {
  return DRFA.create(options, extra);
}

async function runDrfa(
  context: AgentContext,
  opts: DrfaOptions,
  web: WebSearch | null,
): Promise<AgentOutput> {
  const rc = await openContext(context, { web });
  try {
    // Stages 1-2.
    const areas = await researchPlanning(rc);
    rc.plan.add(await actionPlanning(rc, areas));

    // Stages 3-4: execute, then adapt, within the iteration budget.
    const state = newAdaptiveState(opts.planningCalls);
    await researchLoop(rc, opts, async (iteration, ran) => {
      let added = 0;
      if (opts.cap) added += (await conditionalActionPlanning(rc, state, iteration)).length;
      if (opts.gf) added += (await gapFinding(rc, state, iteration)).length;
      rc.tracer.note(
        `round ${iteration}: ran ${ran.map((a) => a.id).join(", ") || "nothing"}; planned ${added} new action(s)`,
      );
      return added;
    });

    // Stage 5.
    const focus = state.intermediate ? workflowText(state.intermediate).split("\n") : [];
    const { pieces, whole } = await sessionEvidence(rc, focus, opts.evidenceChars);
    const final = await generateWorkflow(rc, pieces, opts.evidenceChars, { whole });
    return { report: final.report, trace: rc.tracer.events };
  } finally {
    await rc.findings.close();
  }
}
