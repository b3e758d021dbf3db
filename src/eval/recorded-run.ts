/**
 * @module The cell primitive: one recorded run, the one path every front end's run goes through (`drflow run` and
 * `POST /runs` via `runOnce`; each cell of `drflow eval`, pipelined or not, and of `drflow worker` via `evaluateSuite`
 * and `evaluateCell`). A run that finished before is read back (reopened first when its judge left a metric
 * unscored); otherwise it is claimed for this process (waiting while another live process runs it), the agent's half
 * runs (or the report an interrupted attempt stored is taken), the judge's half scores it and the run is finished; a
 * failure is recorded with one line of reason and the trace up to it. How a run is named and identified is the
 * caller's (`identity.ts`).
 */
import type { z } from "zod";
import { runAgent } from "../agents/run.ts";
import { oneLine, traceOf } from "../agents/shared/failure.ts";
import type { Agent, TraceEvent } from "../agents/types.ts";
import {
  type MetricResult,
  metricStatus,
  type Report,
  type RunRecord,
  type RunUsage,
  runUsage,
} from "../core/index.ts";
import type { Env } from "../env/types.ts";
import type { Model } from "../llm/types.ts";
import type { RunStore } from "../store/run-store.ts";
import type { AgentActivity } from "./agent-activity.ts";
import { judgeOfIdentity } from "./identity.ts";

type Clock = () => Date;

/** How often a run another live process is running is looked at again. */
const BUSY_POLL_MS = 200;

/** The trace's first event: which environment the agent explored (the index's embedder is run metadata too). */
export function envNote(env: Env): TraceEvent {
  return {
    type: "note",
    at: 0,
    message: `environment: ${env.split} split, search index embedded with ${env.embedder ?? "an unknown embedder"}`,
  };
}

/** The run's row as the caller names it (id, task, split, agent, model, batch, repeat, identity); status is the primitive's. */
export type RunRow = Omit<z.input<typeof RunRecord>, "status" | "started_at" | "kind">;

export type RecordRun = {
  store: RunStore;
  run: RunRow;
  agent: Agent;
  /** The agent's model (null for offline agents); built inside the run, so a missing key fails it, recorded. */
  model: () => Model | null;
  /** The environment to run on; closed after the agent's half. */
  openEnv: () => Promise<Env>;
  /** Scores the report; null for an unjudged run (`drflow run` without --judge). */
  score: ((report: Report) => Promise<MetricResult[]>) | null;
  /** The scorer's identity (`judgeIdentity`): a finished run whose metrics by it include an unscored one is judged again. */
  judge?: string | null;
  onEvent?: (event: TraceEvent) => void;
  /** The eval pipeline's activity tracker: the agent's model calls tell it when background work may run. */
  activity?: { tracker: AgentActivity; onWaiting: () => void };
  /** How the claim waits (the pipeline waits aside, so a slot waiting for another process holds up no one). */
  claimWith?: <T>(claim: () => Promise<T>) => Promise<T>;
  /** Awaited between the agent's half and the judge's (the pipeline judges once later agents wait on their models). */
  beforeJudge?: () => Promise<void>;
  clock?: Clock;
};

/** What became of the run; `skipped`: it had finished before (here or in another process) and was read back. */
export type RunOutcome = {
  runId: string;
  status: "done" | "failed" | "skipped";
  /** The report (null when the run failed before it had one). */
  report: Report | null;
  /** The trace recorded by this attempt (empty when read back or when an interrupted attempt's report was taken). */
  trace: TraceEvent[];
  metrics: MetricResult[];
  usage: RunUsage;
  /** The embedder the environment's search index was built with, when this attempt opened one. */
  envEmbedder: string | null;
  /** One line of reason when failed. */
  error: string | null;
  /** The failure itself (what `runOnce` rethrows). */
  cause?: unknown;
};

/** Record one run: read back, or claimed, run, judged and finished; a failure is recorded and returned, not thrown. */
export async function recordRun(p: RecordRun): Promise<RunOutcome> {
  const clock = p.clock ?? (() => new Date());
  const { store } = p;
  const runId = p.run.id;
  const base = { runId, trace: [] as TraceEvent[], envEmbedder: null, error: null };
  if (p.judge) reopenUnscored(store, runId, p.judge);
  const claimWith = p.claimWith ?? ((claim) => claim());
  if (finished(store, runId) || (await claimWith(() => claimRun(store, p.run, clock))) === "done") {
    return { ...base, status: "skipped", report: store.getReport(runId), ...readBack(store, runId) };
  }
  let report: Report | null = null;
  try {
    const half = await agentHalf(p, clock);
    report = half.report;
    await p.beforeJudge?.();
    const metrics = p.score ? await p.score(half.report) : [];
    if (metrics.length > 0) store.saveMetrics(runId, [...metrics], { now: clock().toISOString() });
    store.finishRun(runId, { status: "done", finishedAt: clock().toISOString() });
    return {
      ...base,
      status: "done",
      report,
      trace: half.trace,
      metrics,
      usage: runUsage(store.calls(runId)),
      envEmbedder: half.env,
    };
  } catch (error) {
    const message = failRun(store, runId, error, clock);
    return {
      ...base,
      status: "failed",
      report,
      metrics: [],
      usage: runUsage(store.calls(runId)),
      error: message,
      cause: error,
    };
  }
}

/** Whether the run is finished in the store. */
function finished(store: RunStore, runId: string): boolean {
  return store.getRun(runId)?.status === "done";
}

/** A finished run's metrics and usage, as stored. */
export function readBack(store: RunStore, runId: string): { metrics: MetricResult[]; usage: RunUsage } {
  return { metrics: store.metrics({ run: runId }).map((m) => m.result), usage: runUsage(store.calls(runId)) };
}

/**
 * A finished run whose judge left a metric unscored (its replies unusable; not "not applicable") is reopened, so this
 * attempt judges its stored report again instead of reading the gap back. Only `judge`'s results count (another
 * judge's, stored beside by `drflow judge --run`, are its own business). True when the run was reopened.
 */
export function reopenUnscored(store: RunStore, runId: string, judge: string): boolean {
  if (store.getRun(runId)?.status !== "done") return false;
  const { judge: name, model } = judgeOfIdentity(judge);
  const unscored = store
    .metrics({ run: runId })
    .map((m) => m.result)
    .filter((r) => r.judge.judge === name && (r.judge.model ?? null) === model)
    .filter((r) => metricStatus(r) === "unscored")
    .map((r) => r.metric);
  if (unscored.length === 0) return false;
  return store.reopenRun(runId, `its judge left ${unscored.join(", ")} unscored; judged again`);
}

/**
 * Take the run for this process (see `RunStore.claimRun`): a retried run keeps its row and what hangs off it; while
 * another live process runs it, wait for it and read its outcome back.
 */
async function claimRun(store: RunStore, run: RunRow, clock: Clock): Promise<"claimed" | "done"> {
  for (;;) {
    const claim = store.claimRun({
      ...run,
      kind: "agent",
      status: "running",
      started_at: clock().toISOString(),
    });
    if (claim !== "busy") return claim;
    await Bun.sleep(BUSY_POLL_MS);
  }
}

/**
 * The agent's half of a run: the report an interrupted attempt stored (only the judging was left; `trace` is then
 * empty), else the agent's report on the environment, stored with its trace (the environment note first).
 */
async function agentHalf(
  p: RecordRun,
  clock: Clock,
): Promise<{ report: Report; trace: TraceEvent[]; env: string | null }> {
  const stored = p.store.getReport(p.run.id);
  if (stored) return { report: stored, trace: [], env: null };
  const model = p.model();
  const env = await p.openEnv();
  try {
    const note = envNote(env);
    p.onEvent?.(note);
    const run = (m: Model | null) => runAgent(p.agent, env, m, { runId: p.run.id, onEvent: p.onEvent });
    const output = await (p.activity ? p.activity.tracker.run(model, run, p.activity.onWaiting) : run(model));
    await env.ready; // an index that failed to build fails the run (its searches all failed)
    const trace = [note, ...output.trace];
    p.store.saveTrace(p.run.id, trace, clock().toISOString());
    p.store.saveReport(p.run.id, output.report, clock().toISOString());
    return { report: output.report, trace, env: env.embedder ?? null };
  } finally {
    await env.close();
  }
}

/** A failed run: one line of reason stored; the trace up to the failure (rejected raw replies included) is kept. */
export function failRun(store: RunStore, runId: string, error: unknown, clock: Clock): string {
  const message = oneLine((error as Error)?.message ?? String(error), 1000);
  const trace = traceOf(error);
  if (trace) store.saveTrace(runId, trace, clock().toISOString());
  store.finishRun(runId, { status: "failed", error: message, finishedAt: clock().toISOString() });
  return message;
}
