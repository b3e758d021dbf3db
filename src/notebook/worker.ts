/**
 * @module A warm notebook runner in a Worker: libraries stay loaded between runs, and an edited notebook file is
 * imported afresh under a version tag. A change to any other file needs a new worker (a fresh module registry).
 */
import type { NotebookSettings } from "./context.ts";
import { runNotebook } from "./registry.ts";

declare const self: Worker;

export type WorkerRequest = {
  id: number;
  name: string;
  dir: string;
  /** Where the page goes (default `<dir>/out`). */
  outDir?: string;
  version: string;
  settings: Omit<NotebookSettings, "now">;
};
export type WorkerReply =
  | { id: number; ok: true; output: string; cells: number; stderr: string }
  | { id: number; ok: false; error: string; stderr: string };

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, name, dir, outDir, version, settings } = event.data;
  // The eval runner reports each cell (evaluated or reused) on stderr; keep it for the watcher's summary.
  const write = process.stderr.write.bind(process.stderr);
  let stderr = "";
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    const r = await runNotebook(name, { dir, version, settings, ...(outDir ? { outDir } : {}) });
    self.postMessage({ id, ok: true, output: r.output, cells: r.cells, stderr } satisfies WorkerReply);
  } catch (error) {
    self.postMessage({ id, ok: false, error: (error as Error).message, stderr } satisfies WorkerReply);
  } finally {
    process.stderr.write = write;
  }
};
