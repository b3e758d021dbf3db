/** @module One agent run on one task, recorded in the run store (the `drflow run` primitive behind the CLI and API). */
import { randomUUID } from "node:crypto";
import { agentFromSpec } from "../agents/index.ts";
import type { TraceEvent } from "../agents/types.ts";
import {
  type MetricResult,
  parseTaskRef,
  type Report,
  type RunUsage,
  runUsage,
  type Split,
} from "../core/index.ts";
import type { RunStore } from "../store/run-store.ts";
import { NO_MODEL } from "./cells.ts";
import { runIdentity, taskFingerprint } from "./identity.ts";
import { agentHalf, failRun, finishRun } from "./recorded-run.ts";
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
  usage: RunUsage;
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
  // A run id names one run: another run under it would be overwritten.
  if (store.getRun(runId)) throw new Error(`run id ${runId} is already a run in ${store.path}; name another`);
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
    const half = await agentHalf({
      store,
      runId,
      agent,
      model: agent.needsModel ? services.model(handle, "agent") : null,
      openEnv: () => services.openEnv(loaded, options.split, agent, { background: true }),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      clock,
    });
    const metrics = options.judge ? await services.score(half.report, loaded, runId) : [];
    finishRun(store, runId, metrics, clock);
    return {
      runId,
      report: half.report,
      trace: half.trace,
      usage: runUsage(store.calls(runId)),
      metrics,
      envEmbedder: half.env ?? "unknown",
    };
  } catch (error) {
    failRun(store, runId, error, clock);
    throw error;
  }
}
