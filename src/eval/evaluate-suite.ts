/** @module Batch evaluation: every task × agent × model × split × repeat cell, resumable through the run store, parallel across tasks. */

import { runAgent } from "../agents/run.ts";
import { oneLine, traceOf } from "../agents/shared/failure.ts";
import type { Agent } from "../agents/types.ts";
import type { MetricResult, Report, Split } from "../core/index.ts";
import type { Env } from "../env/types.ts";
import type { Model } from "../llm/types.ts";
import type { CallRecord } from "../llm/usage.ts";
import type { RunStore } from "../store/run-store.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { type Cell, type CellResult, type CellUsage, EMPTY_USAGE, NO_MODEL, planCells } from "./cells.ts";
import { cellRunId, runIdentity, taskFingerprint } from "./identity.ts";
import { runPool } from "./pool.ts";
import { createProgress, type Progress, type ProgressSink } from "./progress.ts";
import { type SummaryRow, summarize } from "./summary.ts";

/** An agent under evaluation: the spec it was named by (the cell's label) and the built agent. */
export type AgentEntry = { spec: string; agent: Agent };

/** Scores one report against its task (bound to a judge by the caller, e.g. `evaluate(…, { judge: "lexical" })`). */
export type ScoreReport = (report: Report, loaded: LoadedTask, runId: string) => Promise<MetricResult[]>;

export type EvaluateSuiteOptions = {
  /** Batch id: cells of a batch that finished before are skipped. */
  batch: string;
  /** `suite/task_id` references, in order. */
  tasks: readonly string[];
  splits: readonly Split[];
  agents: readonly AgentEntry[];
  /** Model handles for agents that need one. */
  models: readonly string[];
  repeats: number;
  /** Cells in flight at once (default 1). */
  concurrency?: number;
  store: RunStore;
  loadTask(ref: string): Promise<LoadedTask>;
  openEnv(loaded: LoadedTask, split: Split): Promise<Env>;
  /** A model for a handle; its usage must reach `store` (the caller passes the store as the usage sink). */
  model(handle: string): Model;
  score: ScoreReport;
  /** The scorer's identity and version (`judgeIdentity`; `custom` when omitted), part of every cell's identity. */
  judge?: string;
  /** Model settings that change outputs, part of every cell's identity (JSON; none by default). */
  modelOptions?: Record<string, unknown>;
  /** Progress output (stderr in the CLI); none when omitted. */
  progress?: ProgressSink;
  /** Wall clock for run timestamps. */
  clock?: () => Date;
};

export type SuiteEvaluation = {
  batch: string;
  results: CellResult[];
  summary: SummaryRow[];
  ran: number;
  skipped: number;
};

/**
 * Usage of a run: every call recorded under its id, across attempts — calls an interrupted attempt paid for are
 * kept; calls a resumed attempt answered from the cache count as calls but cost nothing.
 */
export function usageOf(calls: readonly CallRecord[]): CellUsage {
  const usage = { ...EMPTY_USAGE };
  for (const c of calls) {
    usage.calls++;
    if (c.cached) continue;
    usage.inputTokens += c.input_tokens;
    usage.outputTokens += c.output_tokens;
    if (c.cost_usd === null) usage.unpricedCalls++;
    else usage.costUsd += c.cost_usd;
  }
  return usage;
}

/** A cell's outcome: its metric values and the usage recorded under its run id. */
function outcome(
  store: RunStore,
  cell: Cell,
  runId: string,
  status: CellResult["status"],
  results: readonly MetricResult[],
  error: string | null = null,
): CellResult {
  const metrics = Object.fromEntries(results.map((r) => [r.metric, r.value]));
  const not_applicable = results.filter((r) => r.not_applicable).map((r) => r.metric);
  return { cell, runId, status, metrics, not_applicable, usage: usageOf(store.calls(runId)), error };
}

/** The stored outcome of a cell that finished in an earlier invocation, or null if it has not. */
export function finishedCell(store: RunStore, cell: Cell, runId: string): CellResult | null {
  const run = store.getRun(runId);
  if (run?.status !== "done") return null;
  const metrics = store.metrics({ run: runId }).map((m) => m.result);
  return outcome(store, cell, runId, "skipped", metrics);
}

/** How often a cell another process is running is looked at again. */
const BUSY_POLL_MS = 200;

/**
 * Take the cell for this process (see `RunStore.claimRun`): a retried run keeps its row and what hangs off it; while
 * another live process runs the same cell, wait for it and read its outcome back.
 */
async function claimCell(
  options: EvaluateSuiteOptions,
  entry: AgentEntry,
  cell: Cell,
  runId: string,
  identity: string,
): Promise<"claimed" | "done"> {
  const clock = options.clock ?? (() => new Date());
  for (;;) {
    const claim = options.store.claimRun({
      id: runId,
      kind: "agent",
      batch: options.batch,
      task: cell.task,
      split: cell.split,
      agent: cell.agent,
      agent_options: { ...entry.agent.options },
      model: cell.model,
      repeat: cell.repeat,
      status: "running",
      started_at: clock().toISOString(),
      identity,
    });
    if (claim !== "busy") return claim;
    await Bun.sleep(BUSY_POLL_MS);
  }
}

async function runCell(
  options: EvaluateSuiteOptions,
  cell: Cell,
  runId: string,
  loaded: LoadedTask,
  entry: AgentEntry,
): Promise<CellResult> {
  const { store } = options;
  const clock = options.clock ?? (() => new Date());
  try {
    // A report stored by an interrupted attempt means the agent finished: only the judging is left.
    let report = store.getReport(runId);
    if (!report) {
      const env = await options.openEnv(loaded, cell.split);
      try {
        const model = entry.agent.needsModel ? options.model(cell.model) : null;
        const output = await runAgent(entry.agent, env, model, { runId });
        report = output.report;
        store.saveTrace(runId, output.trace, clock().toISOString());
        store.saveReport(runId, report, clock().toISOString());
      } finally {
        await env.close();
      }
    }
    const results = await options.score(report, loaded, runId);
    store.saveMetrics(runId, results, { now: clock().toISOString() });
    store.finishRun(runId, { status: "done", finishedAt: clock().toISOString() });
    return outcome(store, cell, runId, "done", results);
  } catch (error) {
    // One line of reason; the trace up to the failure (rejected raw replies included) is kept with the run.
    const message = oneLine((error as Error)?.message ?? String(error), 1000);
    const trace = traceOf(error);
    if (trace) store.saveTrace(runId, trace, clock().toISOString());
    store.finishRun(runId, { status: "failed", error: message, finishedAt: clock().toISOString() });
    return outcome(store, cell, runId, "failed", [], message);
  }
}

/** A cell's content identity and its run id in the batch. */
export function cellRun(
  options: Pick<EvaluateSuiteOptions, "batch" | "modelOptions" | "judge">,
  cell: Cell,
  fingerprint: string,
): { identity: string; runId: string } {
  const identity = runIdentity({
    task: fingerprint,
    agent: cell.agent,
    model: cell.model,
    modelOptions: options.modelOptions,
    split: cell.split,
    repeat: cell.repeat,
    judge: options.judge ?? "custom",
  });
  return { identity, runId: cellRunId(options.batch, identity) };
}

/** The label progress lines name a cell by. */
export function cellLabel(cell: Cell): string {
  return `${cell.task} ${cell.agent}${cell.model === NO_MODEL ? "" : ` ${cell.model}`} ${cell.split} #${cell.repeat}`;
}

/**
 * One cell of a grid: read back when it finished before, else claimed and run (a task that cannot be read fails the
 * cell, not the batch). `drflow eval` runs it for every cell; `drflow worker` for each cell it takes off the queue.
 */
export async function evaluateCell(
  options: EvaluateSuiteOptions,
  cell: Cell,
  task: () => Promise<{ loaded: LoadedTask; fingerprint: string }>,
  progress: Progress | null = null,
): Promise<CellResult> {
  const label = cellLabel(cell);
  let loadedTask: { loaded: LoadedTask; fingerprint: string };
  try {
    loadedTask = await task();
  } catch (error) {
    const message = (error as Error).message;
    progress?.tick(`${label}: ${message}`, "failed");
    return {
      cell,
      runId: "",
      status: "failed",
      metrics: {},
      not_applicable: [],
      usage: { ...EMPTY_USAGE },
      error: message,
    };
  }
  const { identity, runId } = cellRun(options, cell, loadedTask.fingerprint);
  const entry = options.agents.find((a) => a.spec === cell.agent);
  if (!entry) throw new Error(`cell names agent "${cell.agent}", which is not in the grid`);
  const before = finishedCell(options.store, cell, runId);
  if (before || (await claimCell(options, entry, cell, runId, identity)) === "done") {
    progress?.tick(label, "skipped");
    return before ?? finishedCell(options.store, cell, runId)!;
  }
  const result = await runCell(options, cell, runId, loadedTask.loaded, entry);
  progress?.tick(
    result.error ? `${label}: ${result.error}` : label,
    result.status === "failed" ? "failed" : "done",
  );
  return result;
}

/** The grid's cells (agents × models × splits × repeats × tasks), as the local run and the queue plan them. */
export function gridCells(
  grid: Pick<EvaluateSuiteOptions, "tasks" | "agents" | "models" | "splits" | "repeats">,
) {
  return planCells({
    tasks: grid.tasks,
    agents: grid.agents.map((a) => ({ spec: a.spec, needsModel: a.agent.needsModel })),
    models: grid.models,
    splits: grid.splits,
    repeats: grid.repeats,
  });
}

/** Evaluate every cell of the grid; finished cells of the batch are read back, the rest run (failures are recorded, not thrown). */
export async function evaluateSuite(options: EvaluateSuiteOptions): Promise<SuiteEvaluation> {
  const specs = new Set(options.agents.map((a) => a.spec));
  if (specs.size !== options.agents.length) throw new Error("agents: each agent spec may appear once");
  const cells = gridCells(options);
  const progress = options.progress ? createProgress(cells.length, options.progress) : null;
  let ran = 0;
  let skipped = 0;
  // Each task is read and fingerprinted once; a task that cannot be read fails its cells, not the batch.
  const tasks = new Map<string, Promise<{ loaded: LoadedTask; fingerprint: string }>>();
  const taskOf = (ref: string) => {
    let t = tasks.get(ref);
    if (!t) {
      t = options
        .loadTask(ref)
        .then(async (loaded) => ({ loaded, fingerprint: await taskFingerprint(loaded) }));
      tasks.set(ref, t);
    }
    return t;
  };
  const results = await runPool(cells, options.concurrency ?? 1, async (cell) => {
    const result = await evaluateCell(options, cell, () => taskOf(cell.task), progress);
    if (result.status === "skipped") skipped++;
    else if (result.runId) ran++;
    return result;
  });
  progress?.end();
  return { batch: options.batch, results, summary: summarize(results), ran, skipped };
}
