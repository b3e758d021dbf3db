/**
 * @module Can the generator's seed be recovered from what an agent sees? A handle computed from the task id (which
 * the environment shows), the seed and the file's bytes alone lets anyone count seeds up until one reproduces a
 * handle, then rebuild the gold with `generate --seed N`. The check recomputes each task's first handle from its
 * seed (the audit reads the gold side) with that public recipe; when it matches, the seed is recoverable, and the
 * search an agent would run is timed (seeds counted up from 0, up to `SEARCH_LIMIT`). A suite whose handles mix in a
 * secret the agent does not know passes.
 */
import { documentHandle } from "../../core/index.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import { readArtifact } from "../documents.ts";

/** Seeds the timed search counts through before it gives up (the verdict does not depend on it). */
export const SEARCH_LIMIT = 1_000_000;
/** Handles of colliding contents are salted 1, 2…; the recipe is tried with the first few. */
const SALTS = 3;

export type HandleRecovery = {
  /** Tasks with a seed and at least one artifact. */
  tasks: number;
  /** Tasks whose handle the public recipe reproduces from (task id, seed, bytes). */
  recoverable: number;
  /** The timed search on the first recoverable task: the seed found and how long counting up took. */
  search: { seed: number; ms: number } | null;
};

/** The salt with which the public recipe gives `handle` for this seed, or -1. */
function saltFor(taskId: string, seed: number, bytes: Uint8Array, handle: string): number {
  for (let salt = 0; salt < SALTS; salt++)
    if (documentHandle(taskId, seed, bytes, salt) === handle) return salt;
  return -1;
}

/** Text formats are cheap to read; any artifact would do. */
const CHEAP = new Set(["md", "eml", "chat", "txt", "csv"]);

export async function handleRecovery(tasks: readonly LoadedTask[]): Promise<HandleRecovery> {
  let counted = 0;
  let recoverable = 0;
  let search: HandleRecovery["search"] = null;
  for (const loaded of tasks) {
    const seed = loaded.task.provenance.seed;
    const artifacts = loaded.manifest.artifacts;
    const entry = artifacts.find((a) => CHEAP.has(a.format)) ?? artifacts[0];
    if (seed === null || seed === undefined || !entry) continue;
    counted++;
    const raw = (await readArtifact(loaded, entry)).raw;
    const salt = raw ? saltFor(loaded.task.id, seed, raw, entry.id) : -1;
    if (!raw || salt < 0) continue;
    recoverable++;
    if (search === null && Number.isInteger(seed) && seed >= 0 && seed <= SEARCH_LIMIT) {
      const start = performance.now();
      let found = -1;
      for (let s = 0; s <= SEARCH_LIMIT && found < 0; s++)
        if (documentHandle(loaded.task.id, s, raw, salt) === entry.id) found = s;
      search = { seed: found, ms: performance.now() - start };
    }
  }
  return { tasks: counted, recoverable, search };
}
