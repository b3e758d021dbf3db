/**
 * `drflow eval` as separate processes on one run store and index folder, the way teammates run it: two at once give
 * the single-process table with no error cells; a regenerated suite is evaluated afresh (content-addressed cells);
 * a killed run is found `interrupted` by the next process and resumed.
 */
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { RunStore } from "../../src/store/run-store.ts";

const MAIN = resolve(import.meta.dir, "../../src/cli/main.ts");
const dir = mkdtempSync(join(tmpdir(), "drflow-processes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(args: string[]) {
  return Bun.spawn(["bun", MAIN, ...args], { stdout: "pipe", stderr: "pipe", env: { ...process.env } });
}

async function drflow(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const proc = start(args);
  const [code, out, err] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { code, out, err };
}

const evalArgs = (root: string, store: string, index: string, extra: string[] = []) => [
  "eval",
  "--suite",
  "demo",
  "--root",
  root,
  "--agents",
  "extractive",
  "--store",
  store,
  "--index-dir",
  index,
  ...extra,
];

test("two eval processes on one store and index folder give the single-process table, with no error cells", async () => {
  const root = join(dir, "two", "tasks");
  cpSync(resolve(import.meta.dir, "../../tasks/demo"), join(root, "demo"), { recursive: true });
  const both = ["--split", "original,mixed", "--concurrency", "2"];
  const single = await drflow(
    evalArgs(root, join(dir, "two", "single.sqlite"), join(dir, "two", "env1"), both),
  );
  expect(single.code).toBe(0);
  const shared = [join(dir, "two", "shared.sqlite"), join(dir, "two", "env2")] as const;
  const [a, b] = await Promise.all([
    drflow(evalArgs(root, ...shared, both)),
    drflow(evalArgs(root, ...shared, both)),
  ]);
  expect([a.code, b.code, a.err + b.err]).toEqual([0, 0, expect.not.stringMatching(/locked|UNIQUE|failed/)]);
  expect(a.out).toBe(single.out);
  expect(b.out).toBe(single.out);
  // Every cell ran exactly once across the two processes; the other read it back.
  const ran = (s: string) => Number(/(\d+) cells ran/.exec(s)![1]);
  expect(ran(a.err) + ran(b.err)).toBe(20);
  const store = new RunStore(shared[0]);
  try {
    expect(store.listRuns({ kind: "agent" }).map((r) => r.status)).toEqual(Array(20).fill("done"));
    expect(store.metrics({ metric: "f1" })).toHaveLength(20);
  } finally {
    store.close();
  }
}, 300_000);

test("regenerating a suite with a new seed re-runs every changed cell and prints the new numbers", async () => {
  const root = join(dir, "regen", "tasks");
  const store = join(dir, "regen", "runs.sqlite");
  const index = join(dir, "regen", "env");
  // Regenerating says so (`--replace`): generation into an existing suite is refused otherwise.
  const generate = (seed: number, ...extra: string[]) =>
    drflow([
      "generate",
      "--procedural",
      "--suite",
      "demo",
      "--seed",
      String(seed),
      "--per-domain",
      "1",
      "--root",
      root,
      // No company background corpus: indexing five of them made each eval here take minutes under load.
      "--corpus-chars",
      "0",
      // one secret throughout: the same seed then regenerates byte-identical content (without one, each run draws its own)
      "--secret",
      "processes-test",
      ...extra,
    ]);
  expect((await generate(7)).code).toBe(0);
  const before = await drflow(evalArgs(root, store, index));
  expect(before.err).toContain("5 cells ran, 0 read back");
  expect((await generate(8)).code).toBe(1);
  expect((await generate(8, "--replace")).code).toBe(0);
  const after = await drflow(evalArgs(root, store, index));
  expect(after.code).toBe(0);
  expect(after.err).toContain("5 cells ran, 0 read back");
  expect(after.out).not.toBe(before.out);
  // The numbers are the new suite's: the same as a fresh store and index folder evaluating it.
  const fresh = await drflow(
    evalArgs(root, join(dir, "regen", "fresh.sqlite"), join(dir, "regen", "env-fresh")),
  );
  expect(after.out).toBe(fresh.out);
  // Regenerating byte-identical content changes nothing: every cell is read back.
  expect((await generate(8, "--replace")).code).toBe(0);
  const again = await drflow(evalArgs(root, store, index));
  expect(again.err).toContain("0 cells ran, 5 read back");
  expect(again.out).toBe(after.out);
}, 300_000);

test("a run whose process was killed shows `interrupted` after the next start, and the next eval resumes it", async () => {
  const root = join(dir, "kill", "tasks");
  cpSync(resolve(import.meta.dir, "../../tasks/demo"), join(root, "demo"), { recursive: true });
  const storePath = join(dir, "kill", "runs.sqlite");
  const index = join(dir, "kill", "env");
  const proc = start(evalArgs(root, storePath, index, ["--split", "original,mixed"]));
  // Kill it (SIGKILL: no cleanup) while a cell is running.
  let running: string | undefined;
  const watcher = new RunStore(storePath);
  try {
    for (let i = 0; i < 600 && !running; i++) {
      await Bun.sleep(50);
      running = watcher.listRuns({ status: "running" })[0]?.id;
    }
  } finally {
    watcher.close();
  }
  expect(running).toBeDefined();
  proc.kill(9);
  await proc.exited;
  const next = new RunStore(storePath);
  try {
    expect(next.getRun(running!)?.status).toBe("interrupted");
    expect(next.interrupted.map((r) => r.id)).toContain(running!);
    expect(next.getRun(running!)?.error).toMatch(/interrupted: its process .* ended/);
  } finally {
    next.close();
  }
  const resumed = await drflow(evalArgs(root, storePath, index, ["--split", "original,mixed"]));
  expect(resumed.code).toBe(0);
  const done = new RunStore(storePath);
  try {
    expect(done.listRuns({ kind: "agent" }).map((r) => r.status)).toEqual(Array(20).fill("done"));
  } finally {
    done.close();
  }
}, 300_000);
