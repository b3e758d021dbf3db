/**
 * @module `drflow` as child processes for the tests and the soak bench: start one (its output collected as it comes),
 * start `drflow serve` and read its origin, wait for a condition, and copy tasks so their files differ (a stale
 * worker's task folder).
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

/** The line `drflow serve` prints once it listens, with the origin it answers on. */
const LISTENING = /^drflow API on (http:\/\/[^/\s]+)\/.*$/m;

/**
 * `drflow serve <args…>` in `cwd`, once it listens (pass `--port 0` for a free port): its `origin` and the start line
 * it printed; throws with its output when it ends first.
 */
export async function startServe(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliProcess & { origin: string; startLine: string }> {
  const proc = startCli(["serve", ...args], cwd, env);
  const ended = () => proc.child.exitCode !== null || proc.child.signalCode !== null;
  await until("drflow serve to listen", () => LISTENING.test(proc.out) || ended(), 60_000);
  const line = LISTENING.exec(proc.out);
  if (!line) throw new Error(`drflow serve ended before it listened: ${proc.err || proc.out}`);
  return Object.assign(proc, { origin: line[1]!, startLine: line[0] });
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
