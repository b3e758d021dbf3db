/**
 * @module Worker threads for the API's CPU-bound work. A worker stays for the next job (loading the primitives'
 * modules costs seconds), and is ended when idle for `IDLE_MS` or after `MAX_JOBS` jobs, so what the work held
 * goes back to the system.
 */
import type { WorkerReply, WorkerTask } from "./worker.ts";

const WORKER = new URL("./worker.ts", import.meta.url).href;
/** An idle worker is ended after this long. */
export const IDLE_MS = 20_000;
/** A worker is ended after this many jobs. */
export const MAX_JOBS = 25;

type Entry = { worker: Worker; jobs: number; timer: ReturnType<typeof setTimeout> | null };

export class WorkerPool {
  private readonly idle: Entry[] = [];

  /** Run one task on an idle worker or a new one; a worker that failed is not reused. */
  async run<T>(task: WorkerTask): Promise<T> {
    const entry = this.idle.pop() ?? { worker: new Worker(WORKER), jobs: 0, timer: null };
    if (entry.timer) clearTimeout(entry.timer);
    entry.jobs++;
    let healthy = true;
    try {
      const reply = await new Promise<WorkerReply>((resolve, reject) => {
        entry.worker.onmessage = (e: MessageEvent<WorkerReply>) => resolve(e.data);
        entry.worker.onerror = (e) => {
          healthy = false;
          reject(new Error(`worker: ${e.message}`));
        };
        entry.worker.postMessage(task);
      });
      if (!reply.ok) throw new Error(reply.error);
      return reply.result as T;
    } finally {
      this.release(entry, healthy);
    }
  }

  private release(entry: Entry, healthy: boolean): void {
    if (!healthy || entry.jobs >= MAX_JOBS) {
      entry.worker.terminate();
      return;
    }
    entry.timer = setTimeout(() => {
      const i = this.idle.indexOf(entry);
      if (i >= 0) this.idle.splice(i, 1);
      entry.worker.terminate();
    }, IDLE_MS);
    entry.timer.unref?.();
    // Bun's Worker#unref: an idle worker does not keep the process alive.
    (entry.worker as unknown as { unref?: () => void }).unref?.();
    this.idle.push(entry);
  }

  /** End every idle worker. */
  close(): void {
    for (const e of this.idle.splice(0)) {
      if (e.timer) clearTimeout(e.timer);
      e.worker.terminate();
    }
  }
}
