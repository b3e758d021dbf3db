/** @module A small in-test `Env` over fixture documents (embedded apps + hybrid index), for agent tests. */
import type { AppName, Persona } from "../../../src/core/index.ts";
import { embeddedApp } from "../../../src/env/apps/embedded.ts";
import { APP_NAMES, createEnv } from "../../../src/env/env.ts";
import type { App, Env, EnvDocument } from "../../../src/env/types.ts";
import { HybridIndex, hashingEmbedder } from "../../../src/retrieval/index.ts";
import fixture from "../../fixtures/agents/docs.json" with { type: "json" };

export const FIXTURE = fixture as {
  task_id: string;
  question: string;
  user: Persona;
  documents: EnvDocument[];
};

/** The fixture environment; `mixed` also loads the adjacent-case (`_AD_`) documents. */
export async function fixtureEnv(split: "original" | "mixed" = "original"): Promise<Env> {
  const index = await HybridIndex.open({ embedder: hashingEmbedder() });
  const apps = Object.fromEntries(APP_NAMES.map((n) => [n, embeddedApp(n, index)])) as Record<AppName, App>;
  const docs = FIXTURE.documents.filter((d) => split === "mixed" || !d.id.includes("_AD_"));
  for (const name of APP_NAMES) {
    const mine = docs.filter((d) => d.app === name);
    if (mine.length > 0) await apps[name].add(mine);
  }
  return createEnv({
    taskId: FIXTURE.task_id,
    question: FIXTURE.question,
    user: FIXTURE.user,
    split,
    apps,
    index,
  });
}
