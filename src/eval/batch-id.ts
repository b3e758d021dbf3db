/** @module Default batch ids: the same evaluation grid gets the same id, so re-running a command resumes it. */
import { createHash } from "node:crypto";

/** `eval-<12 hex>` from the grid's defining settings (order of list items matters, as it does for the cells). */
export function defaultBatchId(grid: {
  suite: string;
  tasks?: readonly string[];
  splits: readonly string[];
  agents: readonly string[];
  models: readonly string[];
  repeats: number;
  judge: string;
}): string {
  const text = JSON.stringify([
    grid.suite,
    grid.tasks ?? [],
    grid.splits,
    grid.agents,
    grid.models,
    grid.repeats,
    grid.judge,
  ]);
  return `eval-${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
}
