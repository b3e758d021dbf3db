/**
 * @module Batch evaluation: every task × agent × model × split × repeat cell, resumable through the run store. Run as a
 * pipeline: `concurrency` cells talk to their agents' models at once; while they wait on the model, the next cells'
 * environments load (bounded prefetch) and finished reports are judged; one environment per task × split × embedder
 * serves every cell and repeat that needs it (read-only).
 */

import type { Agent } from "../agents/types.ts";
import {
  type MetricResult,
  metricStatus,
  noRunUsage,
  type Report,
  runUsage,
  type Split,
} from "../core/index.ts";
import { redactSecrets } from "../core/redact.ts";
import type { Env } from "../env/types.ts";
import type { Model, Role } from "../llm/types.ts";
import type { RunStore } from "../store/run-store.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { AgentActivity } from "./agent-activity.ts";
import { type Cell, type CellResult, NO_MODEL, planCells } from "./cells.ts";
import { cellRunId, judgeOfIdentity, runIdentity, taskFingerprint } from "./identity.ts";
import { runPool } from "./pool.ts";
import { createProgress, type Progress, type ProgressSink } from "./progress.ts";
import { agentHalf, failRun, finishRun } from "./recorded-run.ts";
import type { EnvAgent, OpenEnvOptions, ScoreReport } from "./services.ts";
import { SharedEnvs } from "./shared-envs.ts";
import { type SummaryRow, summarize } from "./summary.ts";

/** An agent under evaluation: the spec it was named by (the cell's label) and the built agent. */
export type AgentEntry = { spec: string; agent: Agent };

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
  /** Cells whose agents run at once (default 1). */
  concurrency?: number;
  /**
   * Pipeline the grid (default true): environments load ahead of their cells (up to `concurrency` cells ahead) and are
   * shared, judging overlaps later cells' agents. `false` runs each cell start to finish in its slot with its own
   * environment (the reference the pipeline's scores are tested against).
   */
  pipeline?: boolean;
  store: RunStore;
  loadTask(ref: string): Promise<LoadedTask>;
  /** The split's environment for an agent (`Services.openEnv`: its index embeds with `envEmbedder(agent)`). */
  openEnv(loaded: LoadedTask, split: Split, agent: EnvAgent, options?: OpenEnvOptions): Promise<Env>;
  /**
   * The embedder an agent's environment index is built with (`Services.envEmbedder`): cells share one environment per
   * task × split × embedder, and an LLM agent's embedder is part of its cells' identity. When omitted, every agent's
   * environment counts as one (offline) kind.
   */
  envEmbedder?(agent: EnvAgent): { name: string };
  /** A model for a handle (`role` names the role in a missing-key message); its usage must reach `store`. */
  model(handle: string, role?: Role): Model;
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
  return { cell, runId, status, metrics, not_applicable, usage: runUsage(store.calls(runId)), error };
}

/**
 * A finished cell whose judge left a metric unscored (its replies unusable; not "not applicable") is reopened, so this
 * invocation judges its stored report again instead of reading the gap back. Only the batch judge's results count
 * (another judge's, stored beside by `drflow judge --run`, are its own business). True when the cell was reopened.
 */
export function reopenUnscored(
  options: Pick<EvaluateSuiteOptions, "store" | "judge">,
  runId: string,
): boolean {
  if (options.store.getRun(runId)?.status !== "done" || !options.judge) return false;
  const { judge, model } = judgeOfIdentity(options.judge);
  const unscored = options.store
    .metrics({ run: runId })
    .map((m) => m.result)
    .filter((r) => r.judge.judge === judge && (r.judge.model ?? null) === model)
    .filter((r) => metricStatus(r) === "unscored")
    .map((r) => r.metric);
  if (unscored.length === 0) return false;
  return options.store.reopenRun(runId, `its judge left ${unscored.join(", ")} unscored; judged again`);
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

/** The agent's half of a cell (see `agentHalf`), with the grid's model for it. */
async function agentReport(
  options: EvaluateSuiteOptions,
  runId: string,
  entry: AgentEntry,
  model: string,
  openEnv: () => Promise<Env>,
  activity?: { tracker: AgentActivity; onWaiting: () => void },
): Promise<Report> {
  const half = await agentHalf({
    store: options.store,
    runId,
    agent: entry.agent,
    model: entry.agent.needsModel ? options.model(model, "agent") : null,
    openEnv,
    ...(activity ? { activity } : {}),
    clock: options.clock ?? (() => new Date()),
  });
  return half.report;
}

/** The judge's half of a cell: score the report, save the metrics, finish the run. */
async function judgeReport(
  options: EvaluateSuiteOptions,
  cell: Cell,
  runId: string,
  loaded: LoadedTask,
  report: Report,
): Promise<CellResult> {
  const results = await options.score(report, loaded, runId);
  finishRun(options.store, runId, results, options.clock ?? (() => new Date()));
  return outcome(options.store, cell, runId, "done", results);
}

/** A cell that failed (see `failRun`). */
function failedCell(options: EvaluateSuiteOptions, cell: Cell, runId: string, error: unknown): CellResult {
  const message = failRun(options.store, runId, error, options.clock ?? (() => new Date()));
  return outcome(options.store, cell, runId, "failed", [], message);
}

async function runCell(
  options: EvaluateSuiteOptions,
  cell: Cell,
  runId: string,
  loaded: LoadedTask,
  entry: AgentEntry,
): Promise<CellResult> {
  try {
    const report = await agentReport(options, runId, entry, cell.model, () =>
      options.openEnv(loaded, cell.split, entry.agent),
    );
    return await judgeReport(options, cell, runId, loaded, report);
  } catch (error) {
    return failedCell(options, cell, runId, error);
  }
}

/** A cell's content identity and its run id in the batch. */
export function cellRun(
  options: Pick<EvaluateSuiteOptions, "batch" | "modelOptions" | "judge" | "envEmbedder">,
  cell: Cell,
  fingerprint: string,
): { identity: string; runId: string } {
  const identity = runIdentity({
    task: fingerprint,
    embedder: cellEmbedder(options, cell),
    agent: cell.agent,
    model: cell.model,
    modelOptions: options.modelOptions,
    split: cell.split,
    repeat: cell.repeat,
    judge: options.judge ?? "custom",
  });
  return { identity, runId: cellRunId(options.batch, identity) };
}

/** The embedder of an LLM cell's environment index (undefined for offline agents, whose environment never varied). */
function cellEmbedder(options: Pick<EvaluateSuiteOptions, "envEmbedder">, cell: Cell): string | undefined {
  return cell.model === NO_MODEL ? undefined : options.envEmbedder?.({ needsModel: true }).name;
}

/** Cells with the same key can share one environment: task × split × the embedder of its index. */
function envKey(options: Pick<EvaluateSuiteOptions, "envEmbedder">, cell: Cell): string {
  const embedder = options.envEmbedder?.({ needsModel: cell.model !== NO_MODEL }).name ?? "";
  return `${cell.task}\0${cell.split}\0${embedder}`;
}

/** The label progress lines name a cell by. */
export function cellLabel(cell: Cell): string {
  return `${cell.task} ${cell.agent}${cell.model === NO_MODEL ? "" : ` ${redactSecrets(cell.model)}`} ${cell.split} #${cell.repeat}`;
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
    progress?.tick(`${label}: ${(error as Error).message}`, "failed");
    return unreadable(cell, error);
  }
  const { identity, runId } = cellRun(options, cell, loadedTask.fingerprint);
  const entry = options.agents.find((a) => a.spec === cell.agent);
  if (!entry) throw new Error(`cell names agent "${cell.agent}", which is not in the grid`);
  reopenUnscored(options, runId);
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

type TaskOf = (ref: string) => Promise<{ loaded: LoadedTask; fingerprint: string }>;

/** Evaluate every cell of the grid; finished cells of the batch are read back, the rest run (failures are recorded, not thrown). */
export async function evaluateSuite(options: EvaluateSuiteOptions): Promise<SuiteEvaluation> {
  const specs = new Set(options.agents.map((a) => a.spec));
  if (specs.size !== options.agents.length) throw new Error("agents: each agent spec may appear once");
  const cells = gridCells(options);
  const progress = options.progress ? createProgress(cells.length, options.progress) : null;
  // Each task is read and fingerprinted once; a task that cannot be read fails its cells, not the batch.
  const tasks = new Map<string, Promise<{ loaded: LoadedTask; fingerprint: string }>>();
  const taskOf: TaskOf = (ref) => {
    let t = tasks.get(ref);
    if (!t) {
      t = options
        .loadTask(ref)
        .then(async (loaded) => ({ loaded, fingerprint: await taskFingerprint(loaded) }));
      tasks.set(ref, t);
    }
    return t;
  };
  const concurrency = options.concurrency ?? 1;
  const results =
    options.pipeline === false
      ? await runPool(cells, concurrency, (cell) =>
          evaluateCell(options, cell, () => taskOf(cell.task), progress),
        )
      : await pipelined(options, cells, taskOf, progress);
  progress?.end();
  const skipped = results.filter((r) => r.status === "skipped").length;
  const ran = results.filter((r) => r.status !== "skipped" && r.runId).length;
  return { batch: options.batch, results, summary: summarize(results), ran, skipped };
}

/** A cell as the pipeline prepares it ahead of its turn: already settled, or its run with its environment on the way. */
type Prepared =
  | { settled: CellResult }
  | {
      settled?: undefined;
      loaded: LoadedTask;
      runId: string;
      identity: string;
      entry: AgentEntry;
      /** The leased environment; null when the cell's report was stored by an interrupted attempt. */
      env: Promise<Env> | null;
    };

/** A cell whose task could not be read: failed, with no run. */
function unreadable(cell: Cell, error: unknown): CellResult {
  return {
    cell,
    runId: "",
    status: "failed",
    metrics: {},
    not_applicable: [],
    usage: noRunUsage(),
    error: (error as Error).message,
  };
}

/** Cells in an order where those sharing an environment follow each other (first appearance of each environment). */
function byEnvironment(keys: readonly string[]): number[] {
  const groups = new Map<string, number[]>();
  keys.forEach((key, i) => {
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.values()].flat();
}

/**
 * The grid as a pipeline. `concurrency` slots run agents. Once a slot's agent waits on its first model call, the slot
 * prepares the next `concurrency` cells (task read, finished cells read back, environment leased and loading) and
 * starts judging its previous cell. Both wait until no busy slot does anything but wait on the model
 * (`AgentActivity`), so they never hold up an agent's next request; a cell not prepared ahead starts building its
 * environment once its own first request is out. At most `concurrency` judgings run at once. Results keep the grid's
 * order; a cell's outcome is the same as `runCell` would give it alone.
 */
async function pipelined(
  options: EvaluateSuiteOptions,
  cells: readonly Cell[],
  taskOf: TaskOf,
  progress: Progress | null,
): Promise<CellResult[]> {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`concurrency: expected a positive integer, got ${concurrency}`);
  }
  const keys = cells.map((cell) => envKey(options, cell));
  const order = byEnvironment(keys);
  const envs = new SharedEnvs(keys);
  const entryOf = (cell: Cell) => {
    const entry = options.agents.find((a) => a.spec === cell.agent);
    if (!entry) throw new Error(`cell names agent "${cell.agent}", which is not in the grid`);
    return entry;
  };

  /** `startEnvAfter`: when an environment this cell is the first to lease starts building (at once by default). */
  const prepareCell = async (index: number, startEnvAfter?: Promise<unknown>): Promise<Prepared> => {
    const cell = cells[index]!;
    const key = keys[index]!;
    let task: { loaded: LoadedTask; fingerprint: string };
    try {
      task = await taskOf(cell.task);
    } catch (error) {
      envs.skip(key);
      return { settled: unreadable(cell, error) };
    }
    const entry = entryOf(cell);
    const { identity, runId } = cellRun(options, cell, task.fingerprint);
    reopenUnscored(options, runId);
    const before = finishedCell(options.store, cell, runId);
    if (before) {
      envs.skip(key);
      return { settled: before };
    }
    let env: Promise<Env> | null = null;
    if (options.store.getReport(runId)) envs.skip(key);
    else {
      // In the background: the agent's first model call need not wait for the index.
      env = envs.lease(key, () =>
        options.openEnv(task.loaded, cell.split, entry.agent, {
          background: true,
          ...(startEnvAfter ? { startAfter: startEnvAfter } : {}),
        }),
      );
      env.catch(() => {}); // awaited in the cell's turn; a failure fails that cell
    }
    return { loaded: task.loaded, runId, identity, entry, env };
  };
  const prepared = new Map<number, Promise<Prepared>>();
  const prepare = (position: number, startEnvAfter?: Promise<unknown>): Promise<Prepared> => {
    let p = prepared.get(position);
    if (!p) {
      p = prepareCell(order[position]!, startEnvAfter);
      p.catch(() => {});
      prepared.set(position, p);
    }
    return p;
  };

  const results = new Array<CellResult>(cells.length);
  const settle = (index: number, result: CellResult) => {
    results[index] = result;
    const label = cellLabel(cells[index]!);
    if (result.status === "skipped") progress?.tick(label, "skipped");
    else
      progress?.tick(
        result.error ? `${label}: ${result.error}` : label,
        result.status === "failed" ? "failed" : "done",
      );
  };
  const judging = new Set<Promise<void>>();
  const activity = new AgentActivity();
  let next = 0;
  let failure: { error: unknown } | null = null;

  /**
   * Run the cell at `position`; `onWaiting` is called once its agent waits on its first model call (or the cell is
   * settled without one). Returns what starts the cell's judging, null when there is nothing to judge.
   */
  const takeCell = async (
    position: number,
    onWaiting: () => void,
    firstRequest: Promise<void>,
  ): Promise<(() => void) | null> => {
    const index = order[position]!;
    const cell = cells[index]!;
    // Not prepared ahead: its environment starts building once the agent's first request is out (or on first use).
    const p = await prepare(
      position,
      firstRequest.then(() => activity.quiet()),
    );
    prepared.delete(position);
    if (p.settled) {
      settle(index, p.settled);
      return null;
    }
    const { loaded, runId, identity, entry } = p;
    const release = async () => {
      if (p.env) await (await p.env.catch(() => null))?.close();
    };
    // A cell another process holds is waited for aside: that process may be waiting for this one's judging.
    if ((await activity.aside(() => claimCell(options, entry, cell, runId, identity))) === "done") {
      await release();
      settle(index, finishedCell(options.store, cell, runId)!);
      return null;
    }
    let report: Report;
    try {
      const leased = p.env;
      report = await agentReport(
        options,
        runId,
        entry,
        cell.model,
        () => leased ?? options.openEnv(loaded, cell.split, entry.agent),
        { tracker: activity, onWaiting },
      );
    } catch (error) {
      settle(index, failedCell(options, cell, runId, error));
      return null;
    } finally {
      await release(); // idempotent: the lease is returned once, also when the stored report made it unnecessary
    }
    // Judged once the slot's next agent waits on the model, when no busy slot does anything but wait on it.
    return () => {
      const judged = activity
        .quiet()
        .then(() => judgeReport(options, cell, runId, loaded, report))
        .catch((error) => failedCell(options, cell, runId, error))
        .then((result) => settle(index, result));
      judging.add(judged);
      void judged.finally(() => judging.delete(judged));
    };
  };

  const slot = async (): Promise<void> => {
    let judgePrevious: (() => void) | null = null;
    while (failure === null && next < order.length) {
      const position = next++;
      let handedOver = false;
      const { promise: firstRequest, resolve: firstRequestOut } = Promise.withResolvers<void>();
      // While this cell's agent waits on the model: judge the slot's previous cell, prepare the cells ahead.
      const onWaiting = () => {
        if (handedOver) return;
        handedOver = true;
        firstRequestOut();
        judgePrevious?.();
        judgePrevious = null;
        const ahead = Math.min(order.length - 1, position + concurrency);
        void activity.quiet().then(() => {
          // Positions below `next` have been taken by a slot meanwhile (and prepared by it).
          for (let j = Math.max(position + 1, next); j <= ahead; j++) void prepare(j);
        });
      };
      let judgeThis: (() => void) | null = null;
      try {
        judgeThis = await activity.busy(() => takeCell(position, onWaiting, firstRequest));
      } catch (error) {
        failure ??= { error };
      } finally {
        onWaiting();
      }
      judgePrevious = judgeThis;
      while (judging.size > concurrency) await Promise.race(judging);
    }
    judgePrevious?.();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, order.length) }, () => slot()));
  await Promise.all(judging);
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
