/**
 * @module Notebook data: evaluate what is missing through the public primitives (resumable batch in the run store),
 * then read scored runs back from the store. The offline loop is the extractive agent with the lexical judge.
 */
import { join } from "node:path";
import { agentFromSpec } from "../../src/agents/index.ts";
import type { ScoredRun } from "../../src/analysis/index.ts";
import type { RunRecord, Split } from "../../src/core/index.ts";
import { SHARED_BATCH_PREFIX, sharedBatchId } from "../../src/eval/demo.ts";
import { defaultServices, evaluateSuite, gridRuns, scoredRuns } from "../../src/eval/index.ts";
import { workflowFlowchart } from "../../src/judge/index.ts";
import type { NotebookSettings } from "../../src/notebook/context.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { runStoreLocation } from "../../src/store/shared.ts";
import { type LoadedTask, listTasks, loadTask } from "../../src/store/task-store.ts";

export type Want = {
  suite: string;
  splits: Split[];
  /** Agent specs in the eval runner's syntax, e.g. `extractive`, `drfa:gf=false`. */
  agents: string[];
  models: string[];
  repeats: number;
  /** `lexical` or a judge model handle. */
  judge: string;
};

/** The suite a notebook runs on: the `suite` parameter (`bun run nb <name> suite=…`), else `demo`. */
export function suiteOf(settings: NotebookSettings): string {
  return settings.params.suite ?? "demo";
}

/**
 * What the notebooks evaluate: the offline extractive agent with the lexical judge on the notebook's suite, plus
 * `llmAgents` on the configured model when there is one.
 */
export function offlineWant(settings: NotebookSettings, splits: Split[], llmAgents: readonly string[]): Want {
  const { model } = settings;
  return {
    suite: suiteOf(settings),
    splits,
    agents: ["extractive", ...(model ? llmAgents : [])],
    models: model ? [model] : [],
    repeats: 1,
    judge: "lexical",
  };
}

/** Whether a stored run is on the notebook's suite. */
export function inSuite(settings: NotebookSettings): (run: ScoredRun) => boolean {
  const prefix = `${suiteOf(settings)}/`;
  return (run) => run.task.startsWith(prefix);
}

/** The notebooks' run store: the shared database when DRFLOW_DATABASE_URL is set, else the state folder's file. */
export async function openStore(settings: NotebookSettings): Promise<RunStore> {
  return new RunStore(runStoreLocation({}, join(settings.stateDir, "runs.sqlite")));
}

const NOTEBOOK_BATCH = SHARED_BATCH_PREFIX;

/** The batch the notebooks (and `bun run demo`) share, so a cell evaluated by one is reused by the others. */
function batchId(want: Want): string {
  return sharedBatchId(want.suite, want.judge);
}

const tasksCache = new Map<string, LoadedTask>();
async function cachedTask(settings: NotebookSettings, ref: string): Promise<LoadedTask> {
  const key = `${settings.tasksRoot}|${ref}`;
  let t = tasksCache.get(key);
  if (!t) {
    t = await loadTask(settings.tasksRoot, ref);
    tasksCache.set(key, t);
  }
  return t;
}

export type Failure = { task: string; agent: string; split: string; error: string };

/**
 * Evaluate the missing cells of `want` (finished cells are read back), with usage recorded in the run store; returns
 * the run ids of its cells that finished and the cells that failed.
 */
export async function ensureEvaluated(
  settings: NotebookSettings,
  want: Want,
): Promise<{ runIds: Set<string>; failed: Failure[] }> {
  const tasks = (await listTasks(settings.tasksRoot, want.suite)).map((t) => t.ref);
  if (tasks.length === 0) {
    throw new Error(
      `no tasks in ${settings.tasksRoot}/${want.suite}: generate them with \`bun run drflow generate --procedural --suite ${want.suite} --seed 7\``,
    );
  }
  const store = await openStore(settings);
  try {
    const services = defaultServices({ root: settings.tasksRoot, store, judge: want.judge });
    const result = await evaluateSuite({
      batch: batchId(want),
      tasks,
      splits: want.splits,
      agents: want.agents.map((spec) => ({ spec, agent: agentFromSpec(spec) })),
      models: want.models,
      repeats: want.repeats,
      store,
      ...services,
      progress: process.stderr,
    });
    const failed = result.results
      .filter((r) => r.status === "failed")
      .map((r) => ({ task: r.cell.task, agent: r.cell.agent, split: r.cell.split, error: r.error ?? "" }));
    return {
      runIds: new Set(result.results.filter((r) => r.status !== "failed").map((r) => r.runId)),
      failed,
    };
  } finally {
    store.close();
  }
}

/** Every finished agent run in the store that `keep` selects, joined with report, metrics and cost. */
export async function storedRuns(
  settings: NotebookSettings,
  keep: (run: RunRecord) => boolean,
): Promise<ScoredRun[]> {
  const store = await openStore(settings);
  try {
    return await scoredRuns(store, keep, (task) =>
      cachedTask(settings, task)
        .then((t) => t.task.seed.domain as string)
        .catch(() => ""),
    );
  } finally {
    store.close();
  }
}

/** Evaluate what `want` lacks, then return its runs plus any other stored runs `includeStored` selects. */
export async function runsFor(
  settings: NotebookSettings,
  want: Want,
  options: { includeStored?: (run: ScoredRun) => boolean; warn?: (markdown: string) => void } = {},
): Promise<ScoredRun[]> {
  const { runIds, failed } = await ensureEvaluated(settings, want);
  if (failed.length > 0) {
    const lines = failed.slice(0, 10).map((f) => `- \`${f.task}\` ${f.agent} (${f.split}): ${f.error}`);
    const text = `> **${failed.length} evaluation cell(s) failed** and are left out below; re-running the notebook retries them.\n\n${lines.join("\n")}`;
    if (options.warn) options.warn(text);
    else console.error(text);
  }
  return gridRuns(await storedRuns(settings, () => true), {
    runIds,
    agents: want.agents,
    models: want.models,
    // Other notebook cells are earlier versions of a suite or other notebooks' configurations: never mixed in.
    excludedBatchPrefix: NOTEBOOK_BATCH,
    ...(options.includeStored ? { includeStored: options.includeStored } : {}),
  });
}

/** Mermaid source of a task's gold generic workflow (decision diamonds, labelled branches). */
export async function goldFlowchart(
  settings: NotebookSettings,
  ref: string,
  personalized = false,
): Promise<string> {
  const { task } = await cachedTask(settings, ref);
  return personalized
    ? workflowFlowchart(task.personalized_workflow, { personalized: true })
    : workflowFlowchart(task.generic_workflow, { personalized: false });
}
