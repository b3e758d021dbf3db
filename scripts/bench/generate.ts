/** @module Benchmark: tasks per second for the procedural generator, 100 tasks with every artifact realized and written. */
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateProceduralSuite } from "../../src/generate/index.ts";

const USAGE = `usage: bun scripts/bench/generate.ts [--tasks 100] [--seed 7] [--workers N]

Generates a procedural suite (tasks spread over the five domains, every artifact realized as PDF, DOCX, Markdown,
.eml or chat JSON and written to a temporary folder, then removed) and prints tasks per second, wall time and CPU
time per task (all threads of the process). --workers sets the generator's worker threads (default: its own choice,
one per core for a suite this size; 1 = everything on the main thread).`;

function options() {
  try {
    const { values } = parseArgs({
      strict: true,
      options: {
        tasks: { type: "string", default: "100" },
        seed: { type: "string", default: "7" },
        workers: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const int = (name: string, raw: string, min: number) => {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < min)
        throw new Error(`--${name}: expected an integer ≥ ${min}, got "${raw}"`);
      return n;
    };
    return {
      tasks: int("tasks", values.tasks, 1),
      seed: int("seed", values.seed, 0),
      workers: values.workers === undefined ? undefined : int("workers", values.workers, 1),
    };
  } catch (error) {
    console.error(`bench generate: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

const { tasks: wanted, seed, workers } = options();
const perDomain = Math.ceil(wanted / 5);
const root = await mkdtemp(join(tmpdir(), "drflow-bench-generate-"));
try {
  let artifacts = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const tasks = await generateProceduralSuite({
    root,
    suite: "bench",
    seed,
    perDomain,
    ...(workers ? { workers } : {}),
    onTask: (_, g) => {
      artifacts += g.manifest.artifacts.length;
    },
  });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerTask = (cpu.user + cpu.system) / 1000 / tasks.length;
  const mb = (await bytesUnder(join(root, "bench"))) / 1e6;
  const threads = workers ?? "default";
  console.log(
    `procedural generation: ${tasks.length} tasks, ${artifacts} artifacts, ${mb.toFixed(1)} MB written, workers: ${threads}`,
  );
  console.log(
    `${seconds.toFixed(2)} s wall, ${(tasks.length / seconds).toFixed(2)} tasks/s, ${(artifacts / seconds).toFixed(0)} artifacts/s; ` +
      `CPU ${cpuMsPerTask.toFixed(1)} ms per task (user ${(cpu.user / 1e6).toFixed(2)} s, system ${(cpu.system / 1e6).toFixed(2)} s)`,
  );
  console.log(
    `bench generate: ${(tasks.length / seconds).toFixed(1)} tasks/s (${tasks.length} tasks, ${artifacts} artifacts, ${mb.toFixed(1)} MB, ` +
      `${seconds.toFixed(2)} s wall, ${cpuMsPerTask.toFixed(1)} ms CPU per task, workers ${threads}, seed ${seed})`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
