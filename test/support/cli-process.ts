/**
 * @module `drflow` as child processes for the queue tests and the soak bench: start one (its output collected as it
 * comes), wait for a condition, and copy tasks so their files differ (a stale worker's task folder).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { copyTaskFolder } from "../../src/store/copy-task.ts";

export const CLI = resolve(import.meta.dir, "../../src/cli/main.ts");

export type CliProcess = { child: ChildProcess; out: string; err: string; exited: Promise<number> };

/** `bun src/cli/main.ts <args…>` in `cwd`; exit code 128 when a signal ended it. */
export function startCli(args: string[], cwd: string, env: Record<string, string> = {}): CliProcess {
  const child = spawn("bun", [CLI, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const proc: CliProcess = {
    child,
    out: "",
    err: "",
    exited: new Promise((r) => child.once("exit", (code, signal) => r(code ?? (signal ? 128 : 1)))),
  };
  child.stdout!.on("data", (d) => {
    proc.out += String(d);
  });
  child.stderr!.on("data", (d) => {
    proc.err += String(d);
  });
  return proc;
}

/** Resolve once `check` holds (polled every 100 ms); throws naming `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

/**
 * Copies of `tasks` (refs under `from`) in `to`, each with its company corpus so it loads, whose artifacts differ: one
 * space appended to a file of each.
 */
export function staleCopy(from: string, to: string, tasks: string[]): string {
  for (const task of tasks) {
    copyTaskFolder(from, task, to);
    const artifacts = join(to, task, "artifacts");
    const file = (readdirSync(artifacts, { recursive: true }) as string[])
      .sort()
      .find((f) => /\.\w+$/.test(f));
    appendFileSync(join(artifacts, file!), " ");
  }
  return to;
}
