/** @module Helpers shared by the local service starters: free ports, waiting for readiness, "package missing" errors. */
import { createServer } from "node:net";

/** A TCP port the OS says is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Poll `check` every 100 ms until it returns true or `timeoutMs` passes; the error names `what` and the last failure. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await Bun.sleep(100);
  }
  throw new Error(
    `${what} did not become ready within ${timeoutMs} ms${last ? ` (last error: ${last})` : ""}`,
  );
}

/** A server binary or package that is not installed: tests skip locally (with this message) and fail under CI. */
export class ServiceUnavailable extends Error {}

export function which(binary: string): string | null {
  return Bun.which(binary, { PATH: `${process.env.PATH ?? ""}:/usr/sbin:/sbin` });
}

/** True when a TCP connect to host:port succeeds. */
export async function portOpen(port: number, host = "127.0.0.1"): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname: host, port, socket: { data() {} } });
    socket.end();
    return true;
  } catch {
    return false;
  }
}
