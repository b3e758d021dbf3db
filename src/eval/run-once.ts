/** @module One agent run on one task, recorded in the run store: `drflow run` and `POST /runs`, one cell of the cell primitive. */
import { randomUUID } from "node:crypto";
import { agentFromSpec } from "../agents/index.ts";
import type { TraceEvent } from "../agents/types.ts";
import { type MetricResult, parseTaskRef, type Report, type RunUsage, type Split } from "../core/index.ts";
import type { RunStore } from "../store/run-store.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { type Cell, NO_MODEL } from "./cells.ts";
import { cellIdentity } from "./evaluate-suite.ts";
import { taskFingerprint } from "./identity.ts";
import { failRun, recordRun } from "./recorded-run.ts";
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

/**
 * One agent run on one task, recorded as one cell (repeat 0) through the cell primitive `recordRun`; a failure is
 * recorded, then thrown.
 */
export async function runOnce(options: RunOnceOptions): Promise<RunOnceResult> {
  const clock = options.clock ?? (() => new Date());
  parseTaskRef(options.task);
  const agent = agentFromSpec(options.agent);
  if (agent.needsModel && !options.model) {
    throw new Error(`agent "${options.agent}" needs a model: pass --model <handle>, e.g. openai:gpt-4o`);
  }
  const cell: Cell = {
    task: options.task,
    agent: options.agent,
    model: agent.needsModel ? options.model! : NO_MODEL,
    split: options.split,
    repeat: 0,
  };
  const runId = options.runId ?? `run-${randomUUID().slice(0, 8)}`;
  const { store, services } = options;
  // A run id names one run: another run under it would be overwritten.
  if (store.getRun(runId)) throw new Error(`run id ${runId} is already a run in ${store.path}; name another`);
  const row = { id: runId, task: cell.task, split: cell.split, agent: cell.agent, model: cell.model };
  let loaded: LoadedTask;
  let identity: string;
  try {
    loaded = await services.loadTask(options.task);
    const judge = options.judge ? services.judge : null;
    identity = cellIdentity(
      { judge, envEmbedder: services.envEmbedder },
      cell,
      await taskFingerprint(loaded),
    );
  } catch (error) {
    // A task that cannot be read is a failed run too (its id was handed out).
    store.saveRun({ ...row, kind: "agent", status: "running", started_at: clock().toISOString() });
    failRun(store, runId, error, clock);
    throw error;
  }
  const out = await recordRun({
    store,
    run: { ...row, agent_options: { ...agent.options }, identity },
    agent,
    model: () => (agent.needsModel ? services.model(cell.model, "agent") : null),
    openEnv: () => services.openEnv(loaded, options.split, agent, { background: true }),
    score: options.judge ? (report) => services.score(report, loaded, runId) : null,
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    clock,
  });
  if (out.status === "failed" || !out.report)
    throw out.cause ?? new Error(out.error ?? `run ${runId} failed`);
  return {
    runId,
    report: out.report,
    trace: out.trace,
    usage: out.usage,
    metrics: out.metrics,
    envEmbedder: out.envEmbedder ?? "unknown",
  };
}
