/**
 * @module Retrieval quality against a task's gold: for each gold generic step, does a query made from the step's
 * title and task find an artifact carrying it (manifest `evidence` ↔ evidence `supports_steps`) within the top k?
 * (Company documents word steps in their own voice, so the short gold title alone is not what a document says.)
 * An evaluation tool: it reads gold data, so agents never call it.
 */
import type { SearchMode } from "../retrieval/index.ts";
import type { LoadedTask } from "../store/task-store.ts";
import type { Env } from "./types.ts";

export type StepProbe = { item: number; query: string; gold: string[]; found: string[]; hit: boolean };

/** What a probe query is made of: the gold step's title and task (default), or its title alone (a harder probe). */
export type ProbeQuery = "title+task" | "title";

/** Artifact ids (within the env's split) carrying evidence that supports each gold step. */
export function stepCarriers(loaded: LoadedTask): Map<number, string[]> {
  const units = new Map(loaded.task.evidence.map((e) => [e.id, e]));
  const out = new Map<number, string[]>();
  for (const step of loaded.task.generic_workflow) {
    const ids = loaded.manifest.artifacts
      .filter((a) => a.evidence.some((id) => units.get(id)?.supports_steps.includes(step.item)))
      .map((a) => a.id);
    out.set(step.item, ids);
  }
  return out;
}

/** Probe every gold step of `loaded` against `env` in one search mode; steps with no carrier are left out. */
export async function probeSteps(
  env: Env,
  loaded: LoadedTask,
  mode: SearchMode,
  k = 5,
  queryOf: ProbeQuery = "title+task",
): Promise<StepProbe[]> {
  const carriers = stepCarriers(loaded);
  const probes: StepProbe[] = [];
  for (const step of loaded.task.generic_workflow) {
    const gold = carriers.get(step.item) ?? [];
    if (gold.length === 0) continue;
    const query = queryOf === "title" ? step.title : `${step.title}. ${step.task}`;
    const hits = await env.search(query, { limit: k, mode });
    const found = hits.map((h) => h.documentId);
    probes.push({
      item: step.item,
      query,
      gold,
      found,
      hit: found.some((id) => gold.includes(id)),
    });
  }
  return probes;
}

export function hitRate(probes: StepProbe[]): number {
  return probes.length === 0 ? 0 : probes.filter((p) => p.hit).length / probes.length;
}
