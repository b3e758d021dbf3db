/**
 * @module Where a running `drflow serve` can be found: it writes `<state>/server.json` (its URL and pid) and removes it
 * on exit, so the CLI can print the studio URL of what it just produced. A file left by a dead server, or a server
 * reading another run store, is ignored.
 */
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../store/atomic-write.ts";

const ServerFile = z.object({ url: z.string().url(), pid: z.number().int(), store: z.string() });

export function stateDir(): string {
  return process.env.DRFLOW_STATE || ".drflow";
}

/** Record the server and the run store it reads; returns the function that removes the record. */
export async function announceServer(
  url: string,
  store: string,
  dir: string = stateDir(),
): Promise<() => void> {
  const file = join(dir, "server.json");
  await writeFileAtomic(file, JSON.stringify({ url, pid: process.pid, store: resolve(store) }));
  return () => rmSync(file, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The absolute URL of a studio path when a server is running (on the same run store, when `store` is given), else null. */
export function studioUrl(path: string, store?: string, dir: string = stateDir()): string | null {
  try {
    const server = ServerFile.parse(JSON.parse(readFileSync(join(dir, "server.json"), "utf8")));
    const sameStore = store === undefined || server.store === resolve(store);
    return alive(server.pid) && sameStore ? new URL(path, server.url).href : null;
  } catch {
    return null;
  }
}
