/**
 * @module Batch evaluation: every task × agent × model × split × repeat cell, resumable through the run store. Run as a
 * pipeline: `concurrency` cells talk to their agents' models at once; while they wait on the model, the next cells'
 * environments load (bounded prefetch) and finished reports are judged; one environment per task × split × embedder
 * serves every cell and repeat that needs it (read-only).
 */

import type { Agent } from "../agents/types.ts";
import { noRunUsage, type Split } from "../core/index.ts";
import { redactSecrets } from "../core/redact.ts";
import type { Env } from "../env/types.ts";
import type { Model, Role } from "../llm/types.ts";
import type { RunStore } from "../store/run-store.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { AgentActivity } from "./agent-activity.ts";
import { type Cell, type CellResult, NO_MODEL, planCells } from "./cells.ts";
import { cellRunId, runIdentity, taskFingerprint } from "./identity.ts";
import { runPool } from "./pool.ts";
import { createProgress, type Progress, type ProgressSink } from "./progress.ts";
import { type RecordRun, type RunOutcome, readBack, recordRun, reopenUnscored } from "./recorded-run.ts";
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
  /** Build the embedder model of an agent's environment (`Services.requireEmbedder`), checked before any cell runs. */
  requireEmbedder?(agent: EnvAgent): void;
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

/** A cell's result from its run's outcome: its metric values and the usage recorded under its run id. */
function cellResult(cell: Cell, out: RunOutcome): CellResult {
  const metrics = Object.fromEntries(out.metrics.map((r) => [r.metric, r.value]));
  const not_applicable = out.metrics.filter((r) => r.not_applicable).map((r) => r.metric);
  return {
    cell,
    runId: out.runId,
    status: out.status,
    metrics,
    not_applicable,
    usage: out.usage,
    error: out.error,
  };
}

/** The stored outcome of a cell that finished in an earlier invocation, or null if it has not. */
export function finishedCell(store: RunStore, cell: Cell, runId: string): CellResult | null {
  if (store.getRun(runId)?.status !== "done") return null;
  return cellResult(cell, {
    runId,
    status: "skipped",
    report: null,
    trace: [],
    envEmbedder: null,
    error: null,
    ...readBack(store, runId),
  });
}

/** A cell's run as the cell primitive records it (`recordRun`): its row, agent, model, environment and judge. */
function cellRecording(
  options: EvaluateSuiteOptions,
  cell: Cell,
  run: { runId: string; identity: string },
  loaded: LoadedTask,
  entry: AgentEntry,
  openEnv: () => Promise<Env>,
): RecordRun {
  return {
    store: options.store,
    run: {
      id: run.runId,
      batch: options.batch,
      task: cell.task,
      split: cell.split,
      agent: cell.agent,
      agent_options: { ...entry.agent.options },
      model: cell.model,
      repeat: cell.repeat,
      identity: run.identity,
    },
    agent: entry.agent,
    model: () => (entry.agent.needsModel ? options.model(cell.model, "agent") : null),
    openEnv,
    score: (report) => options.score(report, loaded, run.runId),
    judge: options.judge ?? null,
    ...(options.clock ? { clock: options.clock } : {}),
  };
}

/** A progress line for a settled cell. */
function tick(progress: Progress | null, result: CellResult): void {
  const label = cellLabel(result.cell);
  if (result.status === "skipped") progress?.tick(label, "skipped");
  else progress?.tick(result.error ? `${label}: ${result.error}` : label, result.status);
}

/**
 * A cell's content identity: the task's fingerprint, the agent, model and its options, the split, the repeat, the
 * judge (`custom` when the grid names none; null for an unjudged `drflow run`) and an LLM cell's index embedder.
 */
export function cellIdentity(
  options: Pick<EvaluateSuiteOptions, "modelOptions" | "envEmbedder"> & { judge?: string | null },
  cell: Cell,
  fingerprint: string,
): string {
  return runIdentity({
    task: fingerprint,
    embedder: cellEmbedder(options, cell),
    agent: cell.agent,
    model: cell.model,
    modelOptions: options.modelOptions,
    split: cell.split,
    repeat: cell.repeat,
    judge: options.judge === undefined ? "custom" : options.judge,
  });
}

/** A cell's content identity and its run id in the batch. */
export function cellRun(
  options: Pick<EvaluateSuiteOptions, "batch" | "modelOptions" | "judge" | "envEmbedder">,
  cell: Cell,
  fingerprint: string,
): { identity: string; runId: string } {
  const identity = cellIdentity(options, cell, fingerprint);
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
  let loadedTask: { loaded: LoadedTask; fingerprint: string };
  try {
    loadedTask = await task();
  } catch (error) {
    const result = unreadable(cell, error);
    tick(progress, result);
    return result;
  }
  const { loaded, fingerprint } = loadedTask;
  const entry = entryOf(options, cell);
  const run = cellRun(options, cell, fingerprint);
  const out = await recordRun(
    cellRecording(options, cell, run, loaded, entry, () => options.openEnv(loaded, cell.split, entry.agent)),
  );
  const result = cellResult(cell, out);
  tick(progress, result);
  return result;
}

/** The grid's entry of a cell's agent. */
function entryOf(options: Pick<EvaluateSuiteOptions, "agents">, cell: Cell): AgentEntry {
  const entry = options.agents.find((a) => a.spec === cell.agent);
  if (!entry) throw new Error(`cell names agent "${cell.agent}", which is not in the grid`);
  return entry;
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
  await requireModels(options, cells, taskOf);
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

/**
 * Build the agent model of every cell that still has its agent to run, and the embedder its environment searches
 * with, before any cell runs: a missing key fails the batch at once (`MissingKeyError` names the role, the variable
 * and how to pick another model) rather than every cell. Cells that finished, or whose report an interrupted attempt stored, need no agent model and are not asked.
 */
async function requireModels(options: EvaluateSuiteOptions, cells: readonly Cell[], taskOf: TaskOf) {
  const needed = new Set<string>();
  for (const cell of cells) {
    if (cell.model === NO_MODEL || needed.has(cell.model)) continue;
    const task = await taskOf(cell.task).catch(() => null); // an unreadable task fails its cells, later
    if (!task) continue;
    const { runId } = cellRun(options, cell, task.fingerprint);
    if (options.store.getRun(runId)?.status === "done" || options.store.getReport(runId)) continue;
    needed.add(cell.model);
  }
  for (const handle of needed) options.model(handle, "agent");
  if (needed.size > 0) options.requireEmbedder?.({ needsModel: true });
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
 * order; a cell's outcome is the same as `evaluateCell` would give it alone (both record it with `recordRun`).
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
    const entry = entryOf(options, cell);
    const { identity, runId } = cellRun(options, cell, task.fingerprint);
    if (options.judge) reopenUnscored(options.store, runId, options.judge);
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
    tick(progress, result);
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
      // Idempotent: the lease is returned once, also when the stored report made it unnecessary.
      if (p.env) await (await p.env.catch(() => null))?.close();
    };
    const leased = p.env;
    /** Resolved once the agent's half is done (with what starts the judging) or the run settled without it (null). */
    const agentDone = Promise.withResolvers<(() => void) | null>();
    const { promise: judgeTurn, resolve: startJudging } = Promise.withResolvers<void>();
    const outcome = recordRun({
      ...cellRecording(options, cell, { runId, identity }, loaded, entry, () =>
        leased ? leased : options.openEnv(loaded, cell.split, entry.agent),
      ),
      activity: { tracker: activity, onWaiting },
      // A cell another process holds is waited for aside: that process may be waiting for this one's judging.
      claimWith: (claim) => activity.aside(claim),
      // Judged once the slot's next agent waits on the model, when no busy slot does anything but wait on it.
      beforeJudge: async () => {
        await release();
        agentDone.resolve(startJudging);
        await judgeTurn;
        await activity.quiet();
      },
    });
    const settled = outcome.then((out) => settle(index, cellResult(cell, out)));
    settled.catch(() => {}); // a store failure reaches evaluateSuite through agentDone or the judging set
    outcome.then(
      async () => {
        await release();
        agentDone.resolve(null);
      },
      (error) => agentDone.reject(error),
    );
    const start = await agentDone.promise;
    if (!start) {
      await settled;
      return null;
    }
    return () => {
      start();
      judging.add(settled);
      void settled.finally(() => judging.delete(settled));
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
