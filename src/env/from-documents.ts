/**
 * @module An embedded `Env` over documents given in memory (e.g. a task's realized text after a surface perturbation),
 * indexed like `loadEnv`'s in-memory environment.
 */
import type { Split } from "../core/index.ts";
import { HybridIndex, hashingEmbedder } from "../retrieval/index.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { embeddedApp } from "./apps/embedded.ts";
import { APP_NAMES, createEnv } from "./env.ts";
import type { App, Env, EnvDocument } from "./types.ts";

export async function envFromDocuments(
  loaded: LoadedTask,
  split: Split,
  docs: readonly EnvDocument[],
): Promise<Env> {
  const index = await HybridIndex.open({ embedder: hashingEmbedder() });
  const apps = Object.fromEntries(APP_NAMES.map((n) => [n, embeddedApp(n, index)])) as Record<
    (typeof APP_NAMES)[number],
    App
  >;
  for (const name of APP_NAMES) {
    const mine = docs.filter((d) => d.app === name);
    if (mine.length > 0) await apps[name].add(mine);
  }
  const { task } = loaded;
  return createEnv({
    taskId: task.id,
    question: task.seed.question,
    user: task.seed.user,
    split,
    apps,
    index,
  });
}
