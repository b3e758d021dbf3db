/**
 * @module Environment indexes built on a worker thread, so that parsing a task's PDFs, DOCX and emails and indexing
 * them never holds the event loop agents run on (an evaluation prefetches the next cells' environments while agents
 * wait on the model). Offline embedders only (`hashing[-<dim>]`): a model embedder's work is its model's calls.
 */
import type { Split } from "../core/index.ts";
import type { LoadedTask } from "../store/task-store.ts";

export type BuildRequest = {
  id: number;
  loaded: LoadedTask;
  split: Split;
  /** An offline embedder's spec (`hashing`, `hashing-<dim>`), rebuilt on the worker. */
  embedder: string;
  /** Build the persisted index there (as `loadEnv` with `indexPath`) instead of returning an image. */
  indexPath?: string;
};

export type BuildReply =
  | { id: number; image: Uint8Array | null }
  | { id: number; error: string }
  /** Sent once the worker has loaded its modules (the parsers), which takes longer than a build. */
  | { ready: true };

/** Whether `IndexBuilder` can build with this embedder (it must be rebuilt from its name on the worker). */
export function buildsOffThread(embedderSpec: string): boolean {
  return /^hashing(?:-\d+)?$/.test(embedderSpec);
}

/** The worker is ended when it has had no request for this long (a new request starts another). */
const IDLE_MS = 30_000;

/** Bun's Worker can be unreferenced (not keep the process alive) and referenced again. */
type RefWorker = Worker & { ref(): void; unref(): void };

type Pending = { resolve: (image: Uint8Array | null) => void; reject: (error: Error) => void };

/** One worker thread building indexes in request order; `build` settles with what `LoadEnvOptions.prebuilt` takes. */
export class IndexBuilder {
  private worker: RefWorker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private started = false;

  /**
   * Start the worker if it is not running; whether it has loaded its modules. Until then a caller in a hurry builds
   * in-process: a worker's first build waits for its imports, slower than a build here.
   */
  warm(): boolean {
    if (!this.worker) {
      this.start();
      this.idleSoon();
    }
    return this.started;
  }

  /** The split's index built with `embedder`: its image, or (with `indexPath`) null once that file is complete. */
  build(loaded: LoadedTask, split: Split, embedder: string, indexPath?: string): Promise<Uint8Array | null> {
    if (!buildsOffThread(embedder)) {
      return Promise.reject(
        new Error(`IndexBuilder: embedder "${embedder}" is not offline (hashing[-<dim>])`),
      );
    }
    const id = this.nextId++;
    const request: BuildRequest = { id, loaded, split, embedder, ...(indexPath ? { indexPath } : {}) };
    return new Promise<Uint8Array | null>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const worker = this.start();
      worker.ref(); // while a build is pending, the worker keeps the process alive
      worker.postMessage(request);
    });
  }

  /** End the worker; builds still pending fail. */
  close(): void {
    this.stop(new Error("IndexBuilder: closed before the index was built"));
  }

  private start(): RefWorker {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./index-builder-worker.ts", import.meta.url)) as RefWorker;
    worker.onmessage = (event: MessageEvent<BuildReply>) => this.settle(event.data);
    worker.onerror = (event) => this.stop(new Error(`environment index worker failed: ${event.message}`));
    this.worker = worker;
    return worker;
  }

  private settle(reply: BuildReply): void {
    if ("ready" in reply) {
      this.started = true;
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if ("error" in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.image);
    if (this.pending.size === 0) this.idleSoon();
  }

  /** No build pending: the worker stops keeping the process alive, and ends after `IDLE_MS`. */
  private idleSoon(): void {
    this.worker?.unref();
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(null), IDLE_MS);
    this.idle.unref();
  }

  private stop(error: Error | null): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.worker?.terminate();
    this.worker = null;
    this.started = false;
    for (const waiting of this.pending.values()) waiting.reject(error ?? new Error("IndexBuilder: stopped"));
    this.pending.clear();
  }
}
