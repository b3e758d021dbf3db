/** @module Benchmark: tasks per second for the procedural generator, 100 tasks with every artifact realized and written. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateProceduralSuite } from "../../src/generate/index.ts";
import { benchArgs, headline, intOption } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/generate.ts [options]
  Procedural generation with every artifact realized (PDF, DOCX, Markdown, .eml, chat JSON) and written to a
  temporary folder, then removed; tasks per second, wall time and CPU time per task (all threads of the process).
  On Linux it also samples /proc/self/task and prints CPU seconds by thread: the generating threads (main "bun" and
  each "Worker") and Bun's helpers (JIT compiler, file-system pool, GC). On a loaded machine wall time says little;
  the busiest thread and the total over two cores bound what the same run takes on two idle cores.

  --tasks <n>    tasks to generate, spread over the five domains (default 100)
  --seed <n>     generator seed (default 7)
  --workers <n>  threads generating tasks, the main one included (default: the generator's choice, one per two
                 cores; 1 = everything on the main thread)
  -h, --help     this text
`;

const values = benchArgs("generate", USAGE, {
  tasks: { type: "string", default: "100" },
  seed: { type: "string", default: "7" },
  workers: { type: "string" },
});
const wanted = intOption("generate", USAGE, "tasks", values.tasks);
const seed = intOption("generate", USAGE, "seed", values.seed, 0);
const workers =
  values.workers === undefined ? undefined : intOption("generate", USAGE, "workers", values.workers);

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
  const rate = tasks.length / seconds;
  headline(
    "generate",
    `${rate.toFixed(1)} tasks/s (${tasks.length} tasks, ${artifacts} files, ${mb.toFixed(1)} MB in ${seconds.toFixed(2)} s, ` +
      `${cpuMsPerTask.toFixed(1)} ms CPU per task, workers ${threads}, seed ${seed})`,
    {
      tasks: tasks.length,
      artifacts,
      mb: Number(mb.toFixed(1)),
      seconds: Number(seconds.toFixed(2)),
      tasks_per_s: Number(rate.toFixed(2)),
      cpu_ms_per_task: Number(cpuMsPerTask.toFixed(1)),
      workers: workers ?? null,
    },
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
