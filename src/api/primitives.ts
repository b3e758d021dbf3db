/** @module The API's default dependencies: the real primitives from the public modules, rooted at the given folders. */
import { mkdirSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { DEFAULT_INDEX_DIR, indexPathFor, loadEnv } from "../env/load.ts";
import { defaultServices, LEXICAL, runOnce } from "../eval/index.ts";
import { generateLlmSuite } from "../generate/llm/index.ts";
import { evaluate, workflowFlowchart } from "../judge/index.ts";
import { createModel } from "../llm/index.ts";
import { runNotebookChild } from "../notebook/child.ts";
import { NOTEBOOKS_DIR, notebookPagesDir } from "../notebook/registry.ts";
import { hashingEmbedder } from "../retrieval/index.ts";
import { RunStore } from "../store/run-store.ts";
import { runStoreLocation } from "../store/shared.ts";
import { listTasks, loadTask } from "../store/task-store.ts";
import { modelsFromEnv } from "./allowed-models.ts";
import type { ApiDeps } from "./deps.ts";
import { WorkerPool } from "./worker-pool.ts";

/** `suite/task_id` and the tasks root of a loaded task (its folder is `<root>/<suite>/<task_id>`). */
function whereIs(loaded: { dir: string; task: { id: string } }): { root: string; ref: string } {
  const suiteDir = dirname(resolve(loaded.dir));
  return { root: dirname(suiteDir), ref: `${basename(suiteDir)}/${loaded.task.id}` };
}

/**
 * The real primitives; `store` defaults to the run store at `.drflow/runs.sqlite`, allowed models to
 * DRFLOW_API_MODELS. The lexical judge, procedural generation and index builds run in worker threads; environment
 * indexes are kept under `indexDir` (default `.drflow/env`, the layout of `drflow env` and `drflow eval`).
 */
export function defaultDeps(overrides: Partial<ApiDeps> & { indexDir?: string } = {}): ApiDeps {
  const { indexDir = DEFAULT_INDEX_DIR, ...rest } = overrides;
  const notebooksDir = rest.notebooksDir ?? NOTEBOOKS_DIR;
  const notebooksOut = rest.notebooksOut ?? notebookPagesDir();
  const store = rest.store ?? new RunStore(runStoreLocation());
  const tasksRoot = rest.tasksRoot ?? "tasks";
  const workers = new WorkerPool();
  return {
    tasksRoot,
    store,
    notebooksDir,
    notebooksOut,
    models: modelsFromEnv(),
    listTasks,
    loadTask,
    workflowFlowchart,
    generateSuite: ({ root, suite, seed, perDomain, replace }) =>
      workers.run<string[]>({ kind: "generate", root, suite, seed, perDomain, replace: replace === true }),
    generateLlmSuite: async ({ root, suite, seed, domain, n, adjacentCases, model, replace }) => {
      const out = await generateLlmSuite({
        root,
        suite,
        replace: replace === true,
        seed,
        adjacentCases,
        source: { kind: "domain", domain, n },
        model,
        store,
        now: () => new Date().toISOString(),
      });
      return { refs: out.tasks.map((t) => `${suite}/${t.task.id}`), runId: out.runId, usage: out.usage };
    },
    loadEnv: async (loaded, { split }) => {
      // The worker builds (or verifies) the persisted index; this thread only opens the finished file.
      const { root, ref } = whereIs(loaded);
      const embedder = hashingEmbedder();
      const indexPath = indexPathFor(indexDir, ref, split, embedder);
      mkdirSync(dirname(indexPath), { recursive: true });
      await workers.run({ kind: "index", root, task: ref, split, indexPath });
      return loadEnv(loaded, { split, embedder, indexPath });
    },
    makeModel: (handle) => createModel(handle, { usage: store }),
    runOnce: async ({ agent, model, task, split, judge, runId, onEvent }) => {
      const services = defaultServices({ root: tasksRoot, store, judge: judge ?? LEXICAL });
      const out = await runOnce({
        agent,
        ...(model ? { model } : {}),
        task,
        split,
        store,
        services,
        judge: judge !== undefined,
        runId,
        ...(onEvent ? { onEvent } : {}),
      });
      return { report: out.report, trace: out.trace, usage: out.usage, metrics: out.metrics };
    },
    judge: async (report, loaded, { model, metrics }) => {
      if (model)
        return (await evaluate(report, loaded, { judge: model, ...(metrics ? { metrics } : {}) })).metrics;
      const { root, ref } = whereIs(loaded);
      return workers.run({ kind: "judge", root, task: ref, report, ...(metrics ? { metrics } : {}) });
    },
    runNotebook: async (name, params) =>
      (await runNotebookChild(notebooksDir, tasksRoot, name, params, process.env, notebooksOut)).output,
    now: () => new Date(),
    ...rest,
  };
}
