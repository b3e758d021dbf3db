/** @module One agent run on one task, recorded in the run store (the `drflow run` primitive behind the CLI and API). */
import { randomUUID } from "node:crypto";
import { agentFromSpec, runAgent } from "../agents/index.ts";
import { oneLine, traceOf } from "../agents/shared/failure.ts";
import type { TraceEvent } from "../agents/types.ts";
import { type MetricResult, parseTaskRef, type Report, type Split } from "../core/index.ts";
import type { RunStore } from "../store/run-store.ts";
import { type CellUsage, NO_MODEL } from "./cells.ts";
import { envNote, usageOf } from "./evaluate-suite.ts";
import { runIdentity, taskFingerprint } from "./identity.ts";
import type { Services } from "./services.ts";

export type RunOnceOptions = {
  agent: string;
  /** Required for agents that need a model. */
  model?: string;
  /** `suite/task_id` */
  task: string;
  split: Split;
  store: RunStore;
  services: Services;
  /** Also score the report with the services' judge. */
  judge?: boolean;
  onEvent?: (event: TraceEvent) => void;
  runId?: string;
  clock?: () => Date;
};

export type RunOnceResult = {
  runId: string;
  report: Report;
  trace: TraceEvent[];
  usage: CellUsage;
  metrics: MetricResult[];
  /** The embedder the environment's search index was built with (offline hashing, or the embedder role's model). */
  envEmbedder: string;
};

export async function runOnce(options: RunOnceOptions): Promise<RunOnceResult> {
  const clock = options.clock ?? (() => new Date());
  parseTaskRef(options.task);
  const agent = agentFromSpec(options.agent);
  if (agent.needsModel && !options.model) {
    throw new Error(`agent "${options.agent}" needs a model: pass --model <handle>, e.g. openai:gpt-4o`);
  }
  const handle = agent.needsModel ? options.model! : NO_MODEL;
  const runId = options.runId ?? `run-${randomUUID().slice(0, 8)}`;
  const { store, services } = options;
  const record = {
    id: runId,
    kind: "agent" as const,
    task: options.task,
    split: options.split,
    agent: options.agent,
    agent_options: { ...agent.options },
    model: handle,
    status: "running" as const,
    started_at: clock().toISOString(),
  };
  store.saveRun(record);
  try {
    const loaded = await services.loadTask(options.task);
    const identity = runIdentity({
      task: await taskFingerprint(loaded),
      agent: options.agent,
      model: handle,
      split: options.split,
      repeat: 0,
      judge: options.judge ? services.judge : null,
      ...(agent.needsModel ? { embedder: services.envEmbedder(agent).name } : {}),
    });
    store.saveRun({ ...record, identity });
    const env = await services.openEnv(loaded, options.split, agent, { background: true });
    let out: Awaited<ReturnType<typeof runAgent>>;
    let note: TraceEvent;
    try {
      const model = agent.needsModel ? services.model(handle, "agent") : null;
      note = envNote(env);
      options.onEvent?.(note);
      out = await runAgent(agent, env, model, { runId, onEvent: options.onEvent });
      await env.ready; // an index that failed to build fails the run (its searches all failed)
    } finally {
      await env.close();
    }
    store.saveTrace(runId, [note, ...out.trace], clock().toISOString());
    store.saveReport(runId, out.report, clock().toISOString());
    const metrics = options.judge ? await services.score(out.report, loaded, runId) : [];
    if (metrics.length > 0) store.saveMetrics(runId, metrics, { now: clock().toISOString() });
    store.finishRun(runId, { status: "done", finishedAt: clock().toISOString() });
    return {
      runId,
      report: out.report,
      trace: [note, ...out.trace],
      usage: usageOf(store.calls(runId)),
      metrics,
      envEmbedder: env.embedder ?? "unknown",
    };
  } catch (error) {
    // The trace up to the failure (rejected raw replies included) is kept with the failed run.
    const trace = traceOf(error);
    if (trace) store.saveTrace(runId, trace, clock().toISOString());
    store.finishRun(runId, {
      status: "failed",
      error: oneLine((error as Error)?.message ?? String(error), 1000),
      finishedAt: clock().toISOString(),
    });
    throw error;
  }
}
