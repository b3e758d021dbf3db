/**
 * @module `bun run nb <name> --watch`: re-run a notebook whenever its file, its library (the other files of the
 * notebooks folder) or a source file changes. Runs happen in a warm worker: an edit to the notebook file itself
 * re-imports only that file; any other change starts a fresh worker. Evaluation results come from the run store, so
 * a re-run whose data did not change evaluates nothing (the eval runner skips finished cells).
 */
import { type FSWatcher, watch } from "node:fs";
import { relative, resolve } from "node:path";
import type { NotebookSettings } from "./context.ts";
import { notebookFile } from "./registry.ts";
import type { WorkerReply, WorkerRequest } from "./worker.ts";

export type WatchRun = {
  trigger: string;
  output: string;
  cells: number;
  ms: number;
  stderr: string;
  fresh: boolean;
};

export type WatchOptions = {
  dir: string;
  /** Where the page goes (default `<dir>/out`). */
  outDir?: string;
  settings: Omit<NotebookSettings, "now">;
  /** Further folders whose `.ts` changes re-run the notebook (default: the repository's `src`). */
  watchDirs?: string[];
  debounceMs?: number;
  onRun: (run: WatchRun) => void;
  onError: (error: Error, trigger: string) => void;
};

export const SRC_DIR = resolve(import.meta.dir, "..");
const WORKER = new URL("./worker.ts", import.meta.url).href;

export type Watcher = { close(): void /** Resolves after the first run. */; first: Promise<void> };

export function watchNotebook(name: string, options: WatchOptions): Watcher {
  const { dir, debounceMs = 80 } = options;
  const own = resolve(notebookFile(dir, name));
  let worker: Worker | null = null;
  let version = 0;
  let running = false;
  let pending: { trigger: string; fresh: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const ask = (w: Worker, request: WorkerRequest) =>
    new Promise<WorkerReply>((done) => {
      w.onmessage = (e: MessageEvent<WorkerReply>) => done(e.data);
      w.onerror = (e) => done({ id: request.id, ok: false, error: e.message, stderr: "" });
      w.postMessage(request);
    });

  const run = async (trigger: string, fresh: boolean): Promise<void> => {
    running = true;
    const started = performance.now();
    try {
      if (fresh || !worker) {
        worker?.terminate();
        worker = new Worker(WORKER);
      }
      version++;
      const reply = await ask(worker, {
        id: version,
        name,
        dir,
        ...(options.outDir ? { outDir: options.outDir } : {}),
        version: String(version),
        settings: options.settings,
      });
      if (closed) return;
      if (reply.ok)
        options.onRun({
          trigger,
          output: reply.output,
          cells: reply.cells,
          ms: performance.now() - started,
          stderr: reply.stderr,
          fresh: fresh || version === 1,
        });
      else options.onError(new Error(reply.error), trigger);
    } finally {
      running = false;
      if (pending && !closed) {
        const next = pending;
        pending = null;
        void run(next.trigger, next.fresh);
      }
    }
  };

  const changed = (base: string) => (_event: string, file: string | null) => {
    if (!file?.endsWith(".ts") || file.startsWith("out/") || file.includes("/out/")) return;
    const path = resolve(base, file);
    const trigger = relative(process.cwd(), path);
    // Only the notebook's own file can be re-imported in place; anything else it may import needs fresh modules.
    const fresh = path !== own || pending?.fresh === true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (running) pending = { trigger, fresh: fresh || pending?.fresh === true };
      else void run(trigger, fresh);
    }, debounceMs);
  };

  const watchers: FSWatcher[] = [dir, ...(options.watchDirs ?? [SRC_DIR])].map((d) =>
    watch(d, { recursive: true }, changed(d)),
  );
  return {
    first: run("start", true),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
      worker?.terminate();
    },
  };
}

/** How many evaluation cells a run evaluated and reused, from the eval runner's progress lines. */
export function cellCounts(stderr: string): { evaluated: number; skipped: number } {
  const lines = stderr.split(/[\r\n]+/);
  return {
    evaluated: lines.filter((l) => /^\d+\/\d+ (done|failed) /.test(l)).length,
    skipped: lines.filter((l) => /^\d+\/\d+ skipped /.test(l)).length,
  };
}
