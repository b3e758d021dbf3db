/**
 * @module The worker thread behind postgres-sync.ts: holds one connection (Bun's `SQL` client, max 1), runs each
 * request in order and answers on the port, then wakes the blocked caller through the shared signal.
 */
import { type MessagePort, workerData } from "node:worker_threads";
import { SQL } from "bun";

export type Request =
  | { op: "connect" }
  | { op: "query"; sql: string; params: unknown[] | null }
  | { op: "close" };

export type Reply =
  | { ok: true; rows?: Record<string, unknown>[]; changes?: number }
  | { ok: false; error: string };

const { url, signal, port } = workerData as { url: string; signal: SharedArrayBuffer; port: MessagePort };
const flag = new Int32Array(signal);
// bigint: int8 results (counts, sums) arrive exact and are turned into numbers below, as bun:sqlite returns them.
const sql = new SQL(url, { max: 1, bigint: true, connectionTimeout: 10, idleTimeout: 0 });

/** int8 values as numbers when exact (as SQLite returns integers), as strings beyond 2^53. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === "bigint")
      row[key] =
        value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(value)
          : String(value);
  }
  return row;
}

async function answer(request: Request): Promise<Reply> {
  try {
    if (request.op === "connect") {
      await sql.unsafe("SELECT 1");
      return { ok: true };
    }
    if (request.op === "close") {
      await sql.close();
      return { ok: true };
    }
    const result =
      request.params === null ? await sql.unsafe(request.sql) : await sql.unsafe(request.sql, request.params);
    const rows = Array.isArray(result)
      ? [...result].map((r) => plain({ ...(r as Record<string, unknown>) }))
      : [];
    return { ok: true, rows, changes: Number((result as { count?: number }).count ?? 0) };
  } catch (error) {
    const e = error as Error & { code?: string; detail?: string };
    return { ok: false, error: [e.message, e.detail].filter(Boolean).join(": ") };
  }
}

port.on("message", async (request: Request) => {
  port.postMessage(await answer(request));
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
