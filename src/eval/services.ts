/** @module The standard wiring of an evaluation: task store, embedded environment, model layer with usage in the run store, judge. */
import { mkdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import type { MetricResult, Report, Split } from "../core/index.ts";
import { indexPathFor, loadEnv } from "../env/load.ts";
import type { Env } from "../env/types.ts";
import { evaluate, type Protocol } from "../judge/evaluate.ts";
import { lexicalJudge, llmJudge } from "../judge/index.ts";
import { createModel, type ModelOptions } from "../llm/index.ts";
import { isOfflineEmbedder, ROLE_VARIABLE, resolveRole } from "../llm/roles.ts";
import type { Model, Role } from "../llm/types.ts";
import { type Embedder, hashingEmbedder, lazyEmbedder } from "../retrieval/index.ts";
import type { RunStore } from "../store/run-store.ts";
import { DEFAULT_TASK_ROOT, type LoadedTask, loadTask } from "../store/task-store.ts";
import { judgeIdentity } from "./identity.ts";

/** The judge name for the offline judge; anything else is a model handle. */
export const LEXICAL = "lexical";

/** The judge name that stands for the judge role's model (`DRFLOW_JUDGE_MODEL`, else the role's default). */
export const JUDGE_ROLE = "llm";

/**
 * The judge a command scores with: the flag (`lexical`, `llm` for the judge role's model, or a model handle), else
 * `DRFLOW_JUDGE_MODEL` when it is set, else the lexical judge.
 */
export function resolveJudge(
  flag: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  if (flag === JUDGE_ROLE) return resolveRole("judge", null, env).handle;
  if (flag) return flag;
  return env[ROLE_VARIABLE.judge] || LEXICAL;
}

/** What an agent's environment depends on besides the task and split: whether its index embeds with a model. */
/** Scores one report against its task (bound to a judge by the caller, e.g. `evaluate(…, { judge: "lexical" })`). */
export type ScoreReport = (report: Report, loaded: LoadedTask, runId: string) => Promise<MetricResult[]>;

export type EnvAgent = { needsModel: boolean };

/** `LoadEnvOptions.background` and `startAfter`. */
export type OpenEnvOptions = { background?: boolean; startAfter?: Promise<unknown> };

export type Services = {
  loadTask(ref: string): Promise<LoadedTask>;
  /**
   * The embedder an agent's environment index is built with: the embedder role for LLM agents (as their session
   * stores and the judge use it), the offline hashing embedder for offline agents (no key, no network).
   */
  envEmbedder(agent: EnvAgent): Embedder;
  /**
   * The split's environment with `envEmbedder(agent)`'s index (an offline agent's when `agent` is omitted); with
   * `background`, returned before the index is built (`LoadEnvOptions.background`).
   */
  openEnv(loaded: LoadedTask, split: Split, agent?: EnvAgent, options?: OpenEnvOptions): Promise<Env>;
  /**
   * Build the model an agent's environment embeds with (LLM agents' embedder role; nothing for the offline hashing
   * embedder), so a missing key fails now, naming the role and the variable: every search embeds its query.
   */
  requireEmbedder(agent: EnvAgent): void;
  /** The model behind a handle; `role` names the role (and its variable) in a missing-key message. */
  model(handle: string, role?: Role): Model;
  score: ScoreReport;
  /** The judge `score` uses, with its version (`judgeIdentity`). */
  judge: string;
};

export type ServicesOptions = {
  root?: string;
  store: RunStore;
  /** `lexical` or a judge model handle. */
  judge: string;
  /** The LLM judge's protocol (default the paper's per-step prompts); the lexical judge has none. */
  judgeProtocol?: Protocol;
  /** Passed to every `createModel` (cache path, env, fetch…); usage always goes to the store. */
  modelOptions?: Omit<ModelOptions, "usage">;
  /**
   * Keep each task's environment index in `<indexDir>/<suite>/<task>/<split>-<embedder>.sqlite` (the layout of
   * `drflow env load`) and reuse it while the task's files are unchanged, across cells, agents, models, repeats and
   * invocations. When omitted, every cell builds its environment in memory from the realized files.
   */
  indexDir?: string;
  /**
   * The embedder of LLM agents' environment indexes instead of the embedder role: `hashing[-<dim>]` or a model handle
   * (e.g. to compare with the offline index, as `scripts/bench/eval.ts --embedder` does).
   */
  llmEnvEmbedder?: string;
  /** The flag each role's model was named with on the command line (`{ agent: "--model" }`), for missing-key hints. */
  namedBy?: Partial<Record<Role, string>>;
};

/**
 * Task store under `root`, embedded environments, models recording usage in the store, and `evaluate` with the judge.
 * LLM agents' environment indexes embed with the embedder role (`DRFLOW_EMBEDDER_MODEL`, default the paper's
 * `openai:text-embedding-3-small`; `hashing` names the offline embedder), never with a chat model; the role's calls
 * are recorded in the store under stage `retrieval_index`.
 */
export function defaultServices(options: ServicesOptions): Services {
  const root = options.root ?? DEFAULT_TASK_ROOT;
  const models = new Map<string, Model>();
  const model = (handle: string, role?: Role): Model => {
    const key = `${role ?? ""} ${handle}`;
    let m = models.get(key);
    if (!m) {
      const namedBy = role ? options.namedBy?.[role] : undefined;
      m = createModel(handle, {
        ...options.modelOptions,
        usage: options.store,
        ...(role ? { role } : {}),
        ...(namedBy ? { namedBy } : {}),
      });
      models.set(key, m);
    }
    return m;
  };
  const judge = options.judge === LEXICAL ? LEXICAL : model(options.judge, "judge");
  const protocol = options.judgeProtocol ?? "per-step";
  const offline = hashingEmbedder();
  let roleEmbedder: Embedder | null = null;
  const llmEmbedderSpec = () =>
    options.llmEnvEmbedder ?? resolveRole("embedder", null, options.modelOptions?.env ?? process.env).handle;
  const requireEmbedder = (agent: EnvAgent): void => {
    if (agent.needsModel && !isOfflineEmbedder(llmEmbedderSpec())) model(llmEmbedderSpec(), "embedder");
  };
  const envEmbedder = (agent: EnvAgent): Embedder => {
    if (!agent.needsModel) return offline;
    const spec = llmEmbedderSpec();
    roleEmbedder ??= lazyEmbedder(spec, () => model(spec, "embedder"));
    return roleEmbedder;
  };
  return {
    loadTask: (ref) => loadTask(root, ref),
    envEmbedder,
    requireEmbedder,
    openEnv: (loaded, split, agent = { needsModel: false }, { background = false, startAfter } = {}) => {
      const embedder = envEmbedder(agent);
      // An index built in memory embeds every document: an embedder without its key fails now, naming the role and
      // the variable, before the agent spends a model call (a stored index, under indexDir, may need none).
      if (options.indexDir === undefined) {
        try {
          requireEmbedder(agent);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      const start = startAfter ? { startAfter } : {};
      if (options.indexDir === undefined) return loadEnv(loaded, { split, embedder, background, ...start });
      const ref = `${basename(dirname(loaded.dir))}/${loaded.task.id}`;
      const indexPath = indexPathFor(options.indexDir, ref, split, embedder);
      mkdirSync(dirname(indexPath), { recursive: true });
      return loadEnv(loaded, { split, embedder, indexPath, background, ...start });
    },
    model,
    score: async (report, loaded, runId) =>
      (await evaluate(report, loaded, { judge, protocol, ...(runId ? { llm: { runId } } : {}) })).metrics,
    judge: judgeIdentity(judge === LEXICAL ? lexicalJudge() : llmJudge(judge, { protocol })),
  };
}
