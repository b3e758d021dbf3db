/**
 * @module A synchronous PostgreSQL client: Bun's `SQL` client runs in a worker thread and the caller blocks on
 * `Atomics.wait` over a SharedArrayBuffer until the worker has posted the reply, which it then takes with
 * `receiveMessageOnPort` (the pattern of synckit, https://github.com/un-ts/synckit; Node's worker_threads API, which
 * Bun implements). It lets the run store and the cache stay synchronous — their callers (the usage sink on the model
 * path, cache lookups, ~100 call sites) are unchanged — while their tables live in a shared server.
 *
 * One connection per client, so a transaction's statements run on it in order. A failed query comes back as an error
 * naming the database and the statement; a server that does not answer within the timeout, or a worker that died,
 * is an error too, never a hang.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { Reply, Request } from "./postgres-worker.ts";

/** How long one statement may take before the caller gives up (a lock wait counts). */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** The statement's first words, for messages. */
function preview(sql: string): string {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

export class SyncPostgres {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly timeoutMs: number;
  private closed = false;

  /** `label`: how messages name the database (its URL without the password). */
  constructor(
    url: string,
    private readonly label: string,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL("./postgres-worker.ts", import.meta.url), {
      workerData: { url, signal: this.signal.buffer, port: port2 },
      transferList: [port2],
    });
    // The worker never keeps the process alive: the store is closed, or the process ends with it.
    this.worker.unref();
    this.call({ op: "connect" }, "connecting");
  }

  /** Run one statement (`params` null: several statements, no parameters); rows with int8 values as numbers. */
  request(
    sql: string,
    params: readonly unknown[] | null,
  ): { rows: Record<string, unknown>[]; changes: number } {
    const reply = this.call({ op: "query", sql, params: params === null ? null : [...params] }, preview(sql));
    return { rows: reply.rows ?? [], changes: reply.changes ?? 0 };
  }

  close(): void {
    if (this.closed) return;
    try {
      this.call({ op: "close" }, "closing");
    } catch {
      // closing a connection that is already gone
    }
    this.closed = true;
    this.port.close();
    void this.worker.terminate();
  }

  private call(request: Request, what: string): Extract<Reply, { ok: true }> {
    const where = `PostgreSQL ${this.label}`;
    if (this.closed) throw new Error(`${where}: the connection is closed (${what})`);
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage(request);
    const waited = Atomics.wait(this.signal, 0, 0, this.timeoutMs);
    const message = receiveMessageOnPort(this.port);
    if (!message) {
      this.closed = true;
      void this.worker.terminate();
      throw new Error(
        waited === "timed-out"
          ? `${where}: no answer within ${this.timeoutMs / 1000} s while ${what}; is the server up and reachable?`
          : `${where}: the connection's worker ended while ${what}`,
      );
    }
    const reply = message.message as Reply;
    if (!reply.ok) {
      if (request.op === "connect") {
        this.closed = true;
        void this.worker.terminate();
        throw new Error(`${where}: cannot connect: ${reply.error}; is the server up and reachable?`);
      }
      throw new Error(`${where}: ${reply.error} (while ${what})`);
    }
    return reply;
  }
}
