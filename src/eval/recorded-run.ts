/**
 * @module One recorded run, the steps every front end's run goes through (`drflow run` and `POST /runs` via `runOnce`,
 * each cell of `drflow eval` and `drflow worker` via `evaluateCell`): the agent's half (its report and trace stored, or
 * the report an interrupted attempt stored), the judge's half (its metrics stored, the run finished), and a failure
 * (one line of reason, the trace up to it kept). How a run is claimed and identified is the caller's.
 */
import { runAgent } from "../agents/run.ts";
import { oneLine, traceOf } from "../agents/shared/failure.ts";
import type { Agent, TraceEvent } from "../agents/types.ts";
import type { MetricResult, Report } from "../core/index.ts";
import type { Env } from "../env/types.ts";
import type { Model } from "../llm/types.ts";
import type { RunStore } from "../store/run-store.ts";
import type { AgentActivity } from "./agent-activity.ts";

type Clock = () => Date;

/** The trace's first event: which environment the agent explored (the index's embedder is run metadata too). */
export function envNote(env: Env): TraceEvent {
  return {
    type: "note",
    at: 0,
    message: `environment: ${env.split} split, search index embedded with ${env.embedder ?? "an unknown embedder"}`,
  };
}

export type AgentHalf = {
  store: RunStore;
  runId: string;
  agent: Agent;
  /** The agent's model (null for offline agents). */
  model: Model | null;
  /** The environment to run on; closed after the run. */
  openEnv: () => Promise<Env>;
  onEvent?: (event: TraceEvent) => void;
  /** The eval pipeline's activity tracker: the agent's model calls tell it when background work may run. */
  activity?: { tracker: AgentActivity; onWaiting: () => void };
  clock: Clock;
};

/**
 * The agent's half of a run: the report an interrupted attempt stored (only the judging was left; `trace` is then
 * empty), else the agent's report on the environment, stored with its trace (the environment note first).
 */
export async function agentHalf(
  p: AgentHalf,
): Promise<{ report: Report; trace: TraceEvent[]; env: string | null }> {
  const stored = p.store.getReport(p.runId);
  if (stored) return { report: stored, trace: [], env: null };
  const env = await p.openEnv();
  try {
    const note = envNote(env);
    p.onEvent?.(note);
    const run = (m: Model | null) => runAgent(p.agent, env, m, { runId: p.runId, onEvent: p.onEvent });
    const output = await (p.activity
      ? p.activity.tracker.run(p.model, run, p.activity.onWaiting)
      : run(p.model));
    await env.ready; // an index that failed to build fails the run (its searches all failed)
    const trace = [note, ...output.trace];
    p.store.saveTrace(p.runId, trace, p.clock().toISOString());
    p.store.saveReport(p.runId, output.report, p.clock().toISOString());
    return { report: output.report, trace, env: env.embedder ?? null };
  } finally {
    await env.close();
  }
}

/** The judge's half of a run: its metrics stored (none when the run is not judged), the run finished. */
export function finishRun(
  store: RunStore,
  runId: string,
  metrics: readonly MetricResult[],
  clock: Clock,
): void {
  if (metrics.length > 0) store.saveMetrics(runId, [...metrics], { now: clock().toISOString() });
  store.finishRun(runId, { status: "done", finishedAt: clock().toISOString() });
}

/** A failed run: one line of reason stored; the trace up to the failure (rejected raw replies included) is kept. */
export function failRun(store: RunStore, runId: string, error: unknown, clock: Clock): string {
  const message = oneLine((error as Error)?.message ?? String(error), 1000);
  const trace = traceOf(error);
  if (trace) store.saveTrace(runId, trace, clock().toISOString());
  store.finishRun(runId, { status: "failed", error: message, finishedAt: clock().toISOString() });
  return message;
}
