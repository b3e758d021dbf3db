/** @module The API's default dependencies: the real primitives from the public modules, rooted at the given folders. */
import { loadEnv } from "../env/load.ts";
import { defaultServices, LEXICAL, runOnce } from "../eval/index.ts";
import { generateSuite } from "../generate/index.ts";
import { generateLlmSuite } from "../generate/llm/index.ts";
import { evaluate, workflowFlowchart } from "../judge/index.ts";
import { createModel } from "../llm/index.ts";
import { runNotebookChild } from "../notebook/child.ts";
import { NOTEBOOKS_DIR } from "../notebook/registry.ts";
import { RunStore } from "../store/run-store.ts";
import { listTasks, loadTask } from "../store/task-store.ts";
import type { ApiDeps } from "./deps.ts";

/** The real primitives; `store` defaults to the run store at `.drflow/runs.sqlite`. */
export function defaultDeps(overrides: Partial<ApiDeps> = {}): ApiDeps {
  const notebooksDir = overrides.notebooksDir ?? NOTEBOOKS_DIR;
  const store = overrides.store ?? new RunStore();
  const tasksRoot = overrides.tasksRoot ?? "tasks";
  return {
    tasksRoot,
    store,
    notebooksDir,
    listTasks,
    loadTask,
    workflowFlowchart,
    generateSuite: async ({ root, suite, seed, perDomain }) =>
      (await generateSuite({ root, suite, seed, perDomain })).map((t) => t.ref),
    generateLlmSuite: async ({ root, suite, seed, domain, n, adjacentCases, model }) => {
      const out = await generateLlmSuite({
        root,
        suite,
        seed,
        adjacentCases,
        source: { kind: "domain", domain, n },
        model,
        store,
        now: () => new Date().toISOString(),
      });
      return { refs: out.tasks.map((t) => `${suite}/${t.task.id}`), runId: out.runId, usage: out.usage };
    },
    loadEnv: (loaded, { split }) => loadEnv(loaded, { split }),
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
    judge: async (report, loaded, { model, metrics }) =>
      (await evaluate(report, loaded, { judge: model ?? "lexical", ...(metrics ? { metrics } : {}) }))
        .metrics,
    runNotebook: async (name, params) =>
      (await runNotebookChild(notebooksDir, tasksRoot, name, params)).output,
    now: () => new Date(),
    ...overrides,
  };
}
