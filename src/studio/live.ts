/**
 * @module Live notebooks in the studio: while a notebook's page is open with "live" on, a watcher (the same one as
 * `nb --watch`) re-runs it on every change to its file, its library or the source; the page's version polls keep the
 * watcher alive, and it stops after a while without them. One watcher per notebook; new parameters restart it.
 */
import { defaultSettings } from "../notebook/registry.ts";
import { type Watcher, watchNotebook } from "../notebook/watch.ts";

const IDLE_MS = 30_000;

type Live = { watcher: Watcher; params: string; seen: number; last: string };

export class LiveNotebooks {
  private live = new Map<string, Live>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly dir: string,
    private readonly tasksRoot: string,
    /** Where pages go: the server's notebook pages folder (default `<dir>/out`). */
    private readonly outDir?: string,
  ) {}

  /** Start (or keep) watching `name` with `params`. */
  start(name: string, params: Record<string, string>): void {
    const key = JSON.stringify(params);
    const current = this.live.get(name);
    if (current && current.params === key) {
      current.seen = Date.now();
      return;
    }
    current?.watcher.close();
    const { now: _now, ...settings } = defaultSettings({
      tasksRoot: this.tasksRoot,
      params,
      ...(params.model ? { model: params.model } : {}),
    });
    const entry: Live = {
      params: key,
      seen: Date.now(),
      last: "starting",
      watcher: null as unknown as Watcher,
    };
    entry.watcher = watchNotebook(name, {
      dir: this.dir,
      ...(this.outDir ? { outDir: this.outDir } : {}),
      settings,
      onRun: (r) => {
        entry.last = `re-ran after ${r.trigger} in ${r.ms.toFixed(0)} ms`;
      },
      onError: (e, trigger) => {
        entry.last = `failed after ${trigger}: ${e.message}`;
      },
    });
    this.live.set(name, entry);
    this.timer ??= setInterval(() => this.reap(), 5_000);
  }

  /** A page poll: keeps the watcher alive; returns its last outcome, or null when not live. */
  touch(name: string): string | null {
    const entry = this.live.get(name);
    if (!entry) return null;
    entry.seen = Date.now();
    return entry.last;
  }

  private reap(): void {
    for (const [name, entry] of this.live)
      if (Date.now() - entry.seen > IDLE_MS) {
        entry.watcher.close();
        this.live.delete(name);
      }
    if (this.live.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  close(): void {
    for (const entry of this.live.values()) entry.watcher.close();
    this.live.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
