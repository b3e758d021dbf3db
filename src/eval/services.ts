/** @module The standard wiring of an evaluation: task store, embedded environment, model layer with usage in the run store, judge. */
import { mkdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import type { Split } from "../core/index.ts";
import { indexPathFor, loadEnv } from "../env/load.ts";
import type { Env } from "../env/types.ts";
import { evaluate } from "../judge/evaluate.ts";
import { lexicalJudge, llmJudge } from "../judge/index.ts";
import { createModel, type ModelOptions } from "../llm/index.ts";
import type { Model } from "../llm/types.ts";
import { hashingEmbedder } from "../retrieval/index.ts";
import type { RunStore } from "../store/run-store.ts";
import { DEFAULT_TASK_ROOT, type LoadedTask, loadTask } from "../store/task-store.ts";
import type { ScoreReport } from "./evaluate-suite.ts";
import { judgeIdentity } from "./identity.ts";

/** The judge name for the offline judge; anything else is a model handle. */
export const LEXICAL = "lexical";

export type Services = {
  loadTask(ref: string): Promise<LoadedTask>;
  openEnv(loaded: LoadedTask, split: Split): Promise<Env>;
  model(handle: string): Model;
  score: ScoreReport;
  /** The judge `score` uses, with its version (`judgeIdentity`). */
  judge: string;
};

export type ServicesOptions = {
  root?: string;
  store: RunStore;
  /** `lexical` or a judge model handle. */
  judge: string;
  /** Passed to every `createModel` (cache path, env, fetch…); usage always goes to the store. */
  modelOptions?: Omit<ModelOptions, "usage">;
  /**
   * Keep each task's environment index in `<indexDir>/<suite>/<task>/<split>-<embedder>.sqlite` (the layout of
   * `drflow env load`) and reuse it while the task's files are unchanged, across cells, agents, models, repeats and
   * invocations. When omitted, every cell builds its environment in memory from the realized files.
   */
  indexDir?: string;
};

/** Task store under `root`, embedded environments, models recording usage in the store, and `evaluate` with the judge. */
export function defaultServices(options: ServicesOptions): Services {
  const root = options.root ?? DEFAULT_TASK_ROOT;
  const models = new Map<string, Model>();
  const model = (handle: string): Model => {
    let m = models.get(handle);
    if (!m) {
      m = createModel(handle, { ...options.modelOptions, usage: options.store });
      models.set(handle, m);
    }
    return m;
  };
  const judge = options.judge === LEXICAL ? LEXICAL : model(options.judge);
  return {
    loadTask: (ref) => loadTask(root, ref),
    openEnv: (loaded, split) => {
      if (options.indexDir === undefined) return loadEnv(loaded, { split });
      const embedder = hashingEmbedder();
      const ref = `${basename(dirname(loaded.dir))}/${loaded.task.id}`;
      const indexPath = indexPathFor(options.indexDir, ref, split, embedder);
      mkdirSync(dirname(indexPath), { recursive: true });
      return loadEnv(loaded, { split, embedder, indexPath });
    },
    model,
    score: async (report, loaded, runId) =>
      (await evaluate(report, loaded, { judge, ...(runId ? { llm: { runId } } : {}) })).metrics,
    judge: judgeIdentity(judge === LEXICAL ? lexicalJudge() : llmJudge(judge)),
  };
}
