/**
 * @module Stored runs as analysis rows (the notebooks, anything that charts runs): each finished agent run joined with
 * its report, metrics and cost, and which of them a grid's figures count — the grid's own cells, plus other stored
 * configurations a caller asks for, never a second copy of a configuration the grid evaluates itself.
 */
import { agentFromSpec, parseAgentSpec } from "../agents/index.ts";
import { costColumns, ScoredRun } from "../analysis/index.ts";
import { type RunRecord, runUsage } from "../core/index.ts";
import type { RunStore } from "../store/run-store.ts";
import { changedOptions, sameAgent } from "./identity.ts";

/** One stored run joined with its report, metrics and cost (`domain` from its task, when the task still loads). */
export function scoredRun(store: RunStore, run: RunRecord, domain: string): ScoredRun {
  const usage = runUsage(store.calls(run.id));
  const parsed = parseAgentSpec(run.agent);
  return ScoredRun.parse({
    run_id: run.id,
    batch: run.batch,
    task: run.task,
    domain,
    agent: parsed.name,
    agent_options: changedOptions(parsed.name, { ...parsed.options, ...run.agent_options }),
    model: run.model,
    split: run.split ?? "original",
    repeat: run.repeat,
    report: store.getReport(run.id),
    metrics: store.metrics({ run: run.id }).map((m) => m.result),
    ...costColumns({ usd: usage.costUsd, unpricedCalls: usage.unpricedCalls }),
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
  });
}

/** Every finished agent run in the store that `keep` selects, as analysis rows. */
export async function scoredRuns(
  store: RunStore,
  keep: (run: RunRecord) => boolean,
  domainOf: (task: string) => Promise<string>,
): Promise<ScoredRun[]> {
  const out: ScoredRun[] = [];
  for (const run of store.listRuns({ kind: "agent", status: "done" }).filter(keep))
    out.push(scoredRun(store, run, await domainOf(run.task)));
  return out;
}

export type GridRuns = {
  /** The run ids of the grid's cells that finished (evaluated now or read back). */
  runIds: ReadonlySet<string>;
  /** The grid's agent specs and models: these configurations come from the grid's cells only. */
  agents: readonly string[];
  models: readonly string[];
  /** Batches whose runs are never mixed in (earlier versions of the grid, other grids of the same kind). */
  excludedBatchPrefix?: string;
  /** Other stored configurations to add. */
  includeStored?: (run: ScoredRun) => boolean;
};

/**
 * The runs a grid's figures count: its own cells, and other stored runs `includeStored` selects — never another run of
 * a configuration the grid evaluates (a `drflow eval`, an API run, an earlier version of the suite), counted twice.
 */
export function gridRuns(all: readonly ScoredRun[], grid: GridRuns): ScoredRun[] {
  const own = (r: ScoredRun) =>
    grid.agents.some((spec) => sameAgent(spec, r)) &&
    (agentFromSpec(r.agent).needsModel ? grid.models.includes(r.model) : true);
  return all.filter((r) => {
    if (grid.runIds.has(r.run_id)) return true;
    if (grid.excludedBatchPrefix && r.batch?.startsWith(grid.excludedBatchPrefix)) return false;
    return !own(r) && (grid.includeStored?.(r) ?? false);
  });
}
