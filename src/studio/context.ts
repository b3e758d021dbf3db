/** @module What studio pages read: the run store, tasks (cached per task.json mtime), and the LLM cache for a call's messages and reply. */

import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { SAFE_ID } from "../core/index.ts";
import { type CachedExchange, DEFAULT_CACHE_PATH, LlmCache } from "../llm/cache.ts";
import type { Model } from "../llm/types.ts";
import { cachedFacets, type Facets } from "../store/run-pages.ts";
import type { RunStore } from "../store/run-store.ts";
import type { LoadedTask } from "../store/task-store.ts";

/** What the studio reads; the API's dependencies provide it. */
export type StudioDeps = {
  store: RunStore;
  tasksRoot: string;
  notebooksDir: string;
  /** Where the server's notebook runs write their pages (the API's `notebooksOut`); default `<notebooksDir>/out`. */
  notebooksOut?: string;
  /** The model handles requests may name (`serve --models`); a notebook's `model` parameter must be one. */
  models: readonly string[];
  loadTask(root: string, ref: string): Promise<LoadedTask>;
  /** Task creation (studio/create): a model for an allowed handle, and the procedural generator. */
  makeModel?(handle: string): Model;
  generateSuite?(input: { root: string; suite: string; seed: number; perDomain: number }): Promise<string[]>;
};

export type StudioOptions = {
  /** The LLM response cache to read model calls' messages and replies from (default `.drflow/cache.sqlite`). */
  cachePath?: string;
};

export class StudioContext {
  private tasks = new Map<string, { mtime: number; loaded: LoadedTask }>();
  private cache: LlmCache | null | undefined;

  constructor(
    readonly deps: StudioDeps,
    readonly options: StudioOptions = {},
  ) {}

  get store() {
    return this.deps.store;
  }

  /** The filter forms' choices (`cachedFacets`: recomputed only when a run was added). */
  facets(): Facets {
    return cachedFacets(this.store.db);
  }

  /** A task by ref, reloaded when its task.json changes; null when the tasks root has no such task. */
  async task(ref: string): Promise<LoadedTask | null> {
    const [suite, id] = ref.split("/");
    // Ids from a URL become a path only when they are safe ids (no separators, never "." or "..").
    if (!suite || !id || !SAFE_ID.test(suite) || !SAFE_ID.test(id) || ref.split("/").length !== 2)
      return null;
    const file = join(this.deps.tasksRoot, suite, id, "task.json");
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const hit = this.tasks.get(ref);
    if (hit && hit.mtime === mtime) return hit.loaded;
    const loaded = await this.deps.loadTask(this.deps.tasksRoot, ref).catch(() => null);
    if (loaded) this.tasks.set(ref, { mtime, loaded });
    return loaded;
  }

  /** The cached exchange behind a call's request key (null when the call was not cached or the cache is unreadable). */
  exchange(key: string): CachedExchange | null {
    if (this.cache === undefined) {
      const path = this.options.cachePath ?? DEFAULT_CACHE_PATH;
      this.cache = existsSync(path) ? new LlmCache(path) : null;
    }
    try {
      return this.cache?.exchange(key) ?? null;
    } catch {
      return null;
    }
  }
}
