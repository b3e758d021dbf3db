/** @module What studio pages read: the run store, tasks (cached per task.json mtime), and the LLM cache for a call's messages and reply. */
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { SAFE_ID } from "../core/index.ts";
import type { Model } from "../llm/types.ts";
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

/** A model call's request and answer as the cache holds them (null when the call was not cached). */
export type CallExchange = {
  messages: { role: string; content: unknown }[];
  reply: string | null;
  created_at: string;
};

export class StudioContext {
  private tasks = new Map<string, { mtime: number; loaded: LoadedTask }>();
  private cache: Database | null | undefined;

  constructor(
    readonly deps: StudioDeps,
    readonly options: StudioOptions = {},
  ) {}

  get store() {
    return this.deps.store;
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

  /**
   * The cached exchange behind a call's request key. The cache is opened read-only; its `entries` table keeps the
   * key parts (messages) and the response (src/llm/cache.ts).
   */
  exchange(key: string): CallExchange | null {
    if (this.cache === undefined) {
      const path = this.options.cachePath ?? ".drflow/cache.sqlite";
      this.cache = existsSync(path) ? new Database(path, { readonly: true }) : null;
    }
    if (!this.cache) return null;
    try {
      const row = this.cache
        .query<{ parts: string; response: string; created_at: string }, [string]>(
          "SELECT parts, response, created_at FROM entries WHERE key = ?",
        )
        .get(key);
      if (!row) return null;
      const parts = JSON.parse(row.parts) as { messages?: { role: string; content: unknown }[] };
      const response = JSON.parse(row.response) as { text?: string | null };
      return { messages: parts.messages ?? [], reply: response.text ?? null, created_at: row.created_at };
    } catch {
      return null;
    }
  }
}
