/**
 * @module Environments shared by an evaluation's cells: one per task × split × embedder, opened once (ahead of its
 * first cell when the pipeline prefetches it) and lent to each cell that needs it as a read-only view; closed when its
 * last planned cell has returned it or gone without it. Sharing is safe because an agent only reads an `Env` (search,
 * read, list, the web tools); what an agent writes lives in its own session store.
 */
import type { AppName } from "../core/index.ts";
import type { App, Env } from "../env/types.ts";

type Entry = { env: Promise<Env>; remaining: number };

export class SharedEnvs {
  private readonly entries = new Map<string, Entry>();
  private readonly remaining: Map<string, number>;

  /** `planned`: each environment key once per cell that will lease it or `skip` it. */
  constructor(planned: Iterable<string>) {
    this.remaining = new Map();
    for (const key of planned) this.remaining.set(key, (this.remaining.get(key) ?? 0) + 1);
  }

  /** The environment `key` names, opened by `open` on first use; closing the returned view returns the lease. */
  async lease(key: string, open: () => Promise<Env>): Promise<Env> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { env: open(), remaining: this.remaining.get(key) ?? 1 };
      this.entries.set(key, entry);
    }
    let env: Env;
    try {
      env = await entry.env;
    } catch (error) {
      this.done(key);
      throw error;
    }
    let returned = false;
    return readOnlyView(env, () => {
      if (returned) return;
      returned = true;
      this.done(key);
    });
  }

  /** A planned cell that will not lease `key` (finished before, or its report is stored). */
  skip(key: string): void {
    if (this.entries.has(key)) this.done(key);
    else this.remaining.set(key, (this.remaining.get(key) ?? 1) - 1);
  }

  private done(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.remaining--;
    if (entry.remaining > 0) return;
    this.entries.delete(key);
    this.remaining.delete(key);
    void entry.env.then((env) => env.close()).catch(() => {});
  }
}

/** An app that serves reads and refuses writes (a shared environment is the same for every cell). */
function readOnlyApp(app: App): App {
  return {
    name: app.name,
    add: () => Promise.reject(new Error(`app ${app.name}: a shared environment is read-only`)),
    list: () => app.list(),
    read: (id) => app.read(id),
    search: (query, limit) => app.search(query, limit),
    close: async () => {},
  };
}

/** A cell's view of a shared environment: reads go through, app writes are refused, `close` returns the lease. */
function readOnlyView(env: Env, release: () => void): Env {
  const apps = Object.fromEntries(
    Object.entries(env.apps).map(([name, app]) => [name, readOnlyApp(app)]),
  ) as Record<AppName, App>;
  return {
    ...env,
    apps,
    ...(env.ready ? { ready: env.ready } : {}),
    search: (query, options) => env.search(query, options),
    read: (id) => env.read(id),
    list: (app) => env.list(app),
    close: async () => release(),
  };
}
