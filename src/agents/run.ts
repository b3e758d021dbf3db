/** @module `runAgent`: run an agent (or an agent spec such as `drfa:gf=false`) on an environment → report, trace, usage. */
import { Report } from "../core/index.ts";
import type { Env } from "../env/types.ts";
import type { Model } from "../llm/types.ts";
import { agentFromSpec } from "./registry.ts";
import { type UsageTotals, usageTotals } from "./shared/trace.ts";
import type { Agent, TraceEvent } from "./types.ts";

export type RunAgentOptions = {
  /** Attributes every model call's usage to this run (default: `<agent>-<taskId>`). */
  runId?: string;
  onEvent?: (event: TraceEvent) => void;
  now?: () => number;
};

export type RunAgentResult = { report: Report; trace: TraceEvent[]; usage: UsageTotals };

export async function runAgent(
  agent: Agent | string,
  env: Env,
  model: Model | null,
  options: RunAgentOptions = {},
): Promise<RunAgentResult> {
  const a = typeof agent === "string" ? agentFromSpec(agent) : agent;
  if (a.needsModel && !model) {
    throw new Error(
      `agent "${a.name}" needs a model: pass a handle such as openai:gpt-4o (or use the offline "extractive" agent)`,
    );
  }
  const output = await a.run({
    env,
    model: a.needsModel ? model : null,
    runId: options.runId ?? `${a.name}-${env.taskId}`,
    onEvent: options.onEvent,
    now: options.now,
  });
  const checked = Report.safeParse(output.report);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`agent "${a.name}" produced an invalid report for task ${env.taskId}: ${issues}`);
  }
  return { report: checked.data, trace: output.trace, usage: usageTotals(output.trace) };
}
