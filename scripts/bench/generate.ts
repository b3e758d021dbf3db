/** @module Benchmark: tasks per second for the procedural generator, 100 tasks with every artifact realized and written. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateProceduralSuite } from "../../src/generate/index.ts";

const USAGE = `usage: bun scripts/bench/generate.ts [--tasks 100] [--seed 7] [--workers N]

Generates a procedural suite (tasks spread over the five domains, every artifact realized as PDF, DOCX, Markdown,
.eml or chat JSON and written to a temporary folder, then removed) and prints tasks per second, wall time and CPU
time per task (all threads of the process). --workers sets the threads generating tasks, the main one included
(default: the generator's own choice, one per two cores; 1 = everything on the main thread).

On Linux it also samples /proc/self/task and prints CPU seconds by thread: the generating threads (main "bun" and
each "Worker") and Bun's helpers (JIT compiler, file-system pool, GC). On a loaded machine wall time says little;
the busiest thread and the total over two cores bound what the same run takes on two idle cores.`;

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

/** CPU seconds each thread of this process spends from now until the returned function is called (Linux /proc). */
function threadSampler(): () => { name: string; seconds: number }[] {
  const dir = "/proc/self/task";
  const threads = new Map<string, { name: string; from: number; to: number }>();
  const sample = (atStart: boolean) => {
    if (!existsSync(dir)) return;
    for (const tid of readdirSync(dir)) {
      try {
        const stat = readFileSync(`${dir}/${tid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const seconds = (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100)
        const seen = threads.get(tid);
        if (seen) seen.to = seconds;
        else {
          const name = readFileSync(`${dir}/${tid}/comm`, "utf8").trim();
          threads.set(tid, { name, from: atStart ? seconds : 0, to: seconds });
        }
      } catch {
        // the thread ended between listing and reading
      }
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), 50);
  return () => {
    clearInterval(timer);
    sample(false);
    return [...threads.values()].map((t) => ({ name: t.name, seconds: t.to - t.from }));
  };
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
  const threadsDone = threadSampler();
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
  const byThread = threadsDone();
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
  if (byThread.length > 0) {
    const generating = byThread.filter((t) => (t.name === "bun" || t.name === "Worker") && t.seconds > 0);
    const helpers = byThread.filter((t) => !generating.includes(t)).reduce((n, t) => n + t.seconds, 0);
    const all = byThread.reduce((n, t) => n + t.seconds, 0);
    const busiest = Math.max(...byThread.map((t) => t.seconds));
    console.log(
      `CPU by thread: ${generating.map((t) => `${t.name} ${t.seconds.toFixed(2)} s`).join(", ")}; helpers (JIT, fs pool, GC) ${helpers.toFixed(2)} s; ` +
        `busiest thread ${busiest.toFixed(2)} s, all ${all.toFixed(2)} s → on 2 idle cores at least ${Math.max(busiest, all / 2).toFixed(2)} s`,
    );
  }
  console.log(
    `bench generate: ${(tasks.length / seconds).toFixed(1)} tasks/s (${tasks.length} tasks, ${artifacts} artifacts, ${mb.toFixed(1)} MB, ` +
      `${seconds.toFixed(2)} s wall, ${cpuMsPerTask.toFixed(1)} ms CPU per task, workers ${threads}, seed ${seed})`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
