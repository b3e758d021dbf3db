/**
 * @module The research context of one session (Appendix J.1): the question, the traced model, the tools, the action
 * plan, the findings store and the citation registry, plus action execution that ties them together.
 */
import type { Env } from "../../env/types.ts";
import type { Model } from "../../llm/types.ts";
import type { Embedder } from "../../retrieval/embedders/embedder.ts";
import type { AgentContext } from "../types.ts";
import type { Action } from "./action.ts";
import { CitationRegistry } from "./citations.ts";
import { FindingsStore } from "./findings.ts";
import { ActionPlan } from "./plan.ts";
import { executeSearch, Toolbox, type WebSearch } from "./tools.ts";
import { Tracer, tracedModel } from "./trace.ts";

export type ResearchContext = {
  readonly env: Env;
  readonly question: string;
  readonly runId: string;
  /** The model, wrapped so every call lands in the trace. */
  readonly model: Model;
  readonly tracer: Tracer;
  readonly toolbox: Toolbox;
  readonly plan: ActionPlan;
  readonly findings: FindingsStore;
  readonly registry: CitationRegistry;
};

export type ContextOptions = { embedder?: Embedder; web?: WebSearch | null };

/** Open a session: an isolated findings store, a fresh plan and registry, traced model and tools. */
export async function openContext(
  context: AgentContext,
  options: ContextOptions = {},
): Promise<ResearchContext> {
  if (!context.model)
    throw new Error("this agent needs a model: pass one to runAgent (e.g. --model openai:gpt-4o)");
  const tracer = new Tracer({ now: context.now, onEvent: context.onEvent });
  return {
    env: context.env,
    question: context.env.question,
    runId: context.runId,
    model: tracedModel(context.model, tracer, context.runId),
    tracer,
    toolbox: new Toolbox(context.env, tracer, options.web ?? null),
    plan: new ActionPlan(context.env.question),
    findings: await FindingsStore.open({ embedder: options.embedder ?? context.embedder }),
    registry: new CitationRegistry(),
  };
}

/**
 * Execute one retrieval action: tools under the internal-first policy, hits into the findings store, sources into
 * the citation registry, every step into the trace. Returns how many new chunks it found.
 */
export async function executeAction(rc: ResearchContext, action: Action, iteration: number): Promise<number> {
  const base = {
    actionId: action.id,
    actionType: action.type,
    description: action.description,
    stage: action.stage,
  };
  rc.tracer.record({ type: "action", ...base, status: "started" });
  try {
    if (action.type === "analysis" && !action.parameters.query) {
      rc.tracer.note(`action ${action.id}: analysis without a query; nothing to retrieve`);
      rc.tracer.record({ type: "action", ...base, status: "done" });
      return 0;
    }
    const results = await executeSearch(action, rc.toolbox);
    let added = 0;
    for (const r of results) {
      if (r.note) rc.tracer.note(`action ${action.id}: ${r.note}`);
      for (const hit of r.hits) {
        rc.registry.register({
          id: hit.documentId,
          title: hit.title,
          app: r.tool === "web_search" ? "web" : hit.app,
          path: hit.path,
          author: hit.author,
          date: hit.date,
        });
      }
      added += await rc.findings.addHits(r.hits, { stage: action.stage, actionId: action.id, iteration });
    }
    rc.tracer.record({ type: "action", ...base, status: "done" });
    return added;
  } catch (err) {
    rc.tracer.record({ type: "action", ...base, status: "failed" });
    throw err;
  }
}
