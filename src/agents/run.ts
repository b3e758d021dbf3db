/** @module `runAgent`: run an agent (or an agent spec such as `drfa:gf=false`) on an environment → report, trace, usage. */
import { Report, type TaskKind } from "../core/index.ts";
import type { Env } from "../env/types.ts";
import { ROLE_VARIABLE } from "../llm/roles.ts";
import type { Model } from "../llm/types.ts";
import { type Embedder, roleEmbedder } from "../retrieval/embedders/index.ts";
import { agentFromSpec, agentsServing } from "./registry.ts";
import { type AgentUsage, usageTotals } from "./shared/trace.ts";
import type { Agent, TraceEvent } from "./types.ts";

export type RunAgentOptions = {
  /** Attributes every model call's usage to this run (default: `<agent>-<taskId>`). */
  runId?: string;
  onEvent?: (event: TraceEvent) => void;
  now?: () => number;
  /** The session store's embedder; default the embedder role when `DRFLOW_EMBEDDER_MODEL` is set, else offline hashing. */
  embedder?: Embedder;
};

/**
 * The embedder of an LLM agent's session store: the given one, else the embedder role of the agent's model layer when
 * the role is configured (`DRFLOW_EMBEDDER_MODEL`), else none (the store's offline hashing embedder). Never the
 * agent's chat model.
 */
function sessionEmbedder(model: Model | null, runId: string, given?: Embedder): Embedder | undefined {
  if (given) return given;
  if (model && process.env[ROLE_VARIABLE.embedder]) return roleEmbedder(model, { runId }) ?? undefined;
  return undefined;
}

export type RunAgentResult = { report: Report; trace: TraceEvent[]; usage: AgentUsage };

const KIND_OUTPUT: Record<TaskKind, string> = {
  drflow: "a personalized workflow (DRFlow)",
  drbench: "a cited research report (DRBench)",
};

/** Refuse, with the agents that can, a task kind the agent does not answer (its report would be judged on the wrong form). */
export function assertServes(agent: Agent, kind: TaskKind, taskId: string): void {
  const serves = agent.serves ?? ["drflow"];
  if (serves.includes(kind)) return;
  const able = agentsServing(kind);
  throw new Error(
    `agent "${agent.name}" writes ${serves.map((k) => KIND_OUTPUT[k]).join(" or ")} and cannot serve ${kind} task ${taskId}, which asks for ${KIND_OUTPUT[kind]}; agents that can: ${able.join(", ")}`,
  );
}

export async function runAgent(
  agent: Agent | string,
  env: Env,
  model: Model | null,
  options: RunAgentOptions = {},
): Promise<RunAgentResult> {
  const a = typeof agent === "string" ? agentFromSpec(agent) : agent;
  assertServes(a, env.kind ?? "drflow", env.taskId);
  if (a.needsModel && !model) {
    throw new Error(
      `agent "${a.name}" needs a model: pass a handle such as openai:gpt-4o (or use the offline "extractive" agent)`,
    );
  }
  const runId = options.runId ?? `${a.name}-${env.taskId}`;
  const embedder = a.needsModel ? sessionEmbedder(model, runId, options.embedder) : undefined;
  const output = await a.run({
    env,
    model: a.needsModel ? model : null,
    runId,
    onEvent: options.onEvent,
    now: options.now,
    ...(embedder ? { embedder } : {}),
  });
  const checked = Report.safeParse(output.report);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`agent "${a.name}" produced an invalid report for task ${env.taskId}: ${issues}`);
  }
  return { report: checked.data, trace: output.trace, usage: usageTotals(output.trace) };
}
