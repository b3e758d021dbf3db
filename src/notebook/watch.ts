/**
 * @module `bun run nb <name> --watch`: re-run a notebook whenever its file, another notebook file (its library) or a
 * source file changes. Each run is a child process (fresh modules); evaluation results come from the run store, so a
 * re-run whose data did not change evaluates nothing (the eval runner skips finished cells).
 */
import { type FSWatcher, watch } from "node:fs";
import { relative, resolve } from "node:path";
import { type ChildRun, runNotebookChild } from "./child.ts";

export type WatchOptions = {
  dir: string;
  tasksRoot: string;
  params: Record<string, string>;
  /** Further folders whose `.ts` changes re-run the notebook (default: the repository's `src`). */
  watchDirs?: string[];
  debounceMs?: number;
  env?: Record<string, string | undefined>;
  onRun: (run: ChildRun & { trigger: string }) => void;
  onError: (error: Error, trigger: string) => void;
};

export const SRC_DIR = resolve(import.meta.dir, "..");

export type Watcher = { close(): void /** Resolves after the first run. */; first: Promise<void> };

export function watchNotebook(name: string, options: WatchOptions): Watcher {
  const { dir, debounceMs = 80 } = options;
  let running = false;
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const run = async (trigger: string): Promise<void> => {
    running = true;
    try {
      const out = await runNotebookChild(dir, options.tasksRoot, name, options.params, options.env);
      if (!closed) options.onRun({ ...out, trigger });
    } catch (error) {
      if (!closed) options.onError(error as Error, trigger);
    } finally {
      running = false;
      if (pending && !closed) {
        const next = pending;
        pending = null;
        void run(next);
      }
    }
  };

  const changed = (base: string) => (_event: string, file: string | null) => {
    if (!file?.endsWith(".ts") || file.startsWith("out/") || file.includes("/out/")) return;
    const trigger = relative(process.cwd(), resolve(base, file));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (running) pending = trigger;
      else void run(trigger);
    }, debounceMs);
  };

  const watchers: FSWatcher[] = [dir, ...(options.watchDirs ?? [SRC_DIR])].map((d) =>
    watch(d, { recursive: true }, changed(d)),
  );
  return {
    first: run("start"),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}

/** How many evaluation cells a child run evaluated and skipped, from the eval runner's progress lines. */
export function cellCounts(stderr: string): { evaluated: number; skipped: number } {
  const lines = stderr.split(/[\r\n]+/);
  return {
    evaluated: lines.filter((l) => / (done|failed) /.test(l) && /^\d+\/\d+ /.test(l)).length,
    skipped: lines.filter((l) => /^\d+\/\d+ skipped /.test(l)).length,
  };
}
