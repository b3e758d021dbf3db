/** @module Record offline agents' runs on demo tasks into a run store (lexical judge), for tests that need stored runs. */
import { resolve } from "node:path";
import { agentFromSpec } from "../../src/agents/index.ts";
import type { Split } from "../../src/core/index.ts";
import { defaultServices, evaluateSuite, LEXICAL } from "../../src/eval/index.ts";
import type { RunStore } from "../../src/store/run-store.ts";

/** The repository's task root (the demo suite lives in `tasks/demo`). */
export const TASKS = resolve(import.meta.dir, "../../tasks");

/** Evaluate `specs` on `tasks` × `splits` once each into `store`, as `drflow eval` would. */
export async function recordOfflineRuns(
  store: RunStore,
  grid: { batch: string; tasks: string[]; specs: readonly string[]; splits?: Split[]; indexDir?: string },
): Promise<void> {
  await evaluateSuite({
    batch: grid.batch,
    tasks: grid.tasks,
    splits: grid.splits ?? ["original"],
    agents: grid.specs.map((spec) => ({ spec, agent: agentFromSpec(spec) })),
    models: [],
    repeats: 1,
    store,
    ...defaultServices({ root: TASKS, store, judge: LEXICAL, indexDir: grid.indexDir }),
  });
}
