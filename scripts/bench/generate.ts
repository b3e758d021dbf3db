/** @module Benchmark: tasks per second for the procedural generator, 100 tasks with every artifact realized and written. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateProceduralSuite } from "../../src/generate/index.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/generate.ts [options]
  Procedural generation with every artifact realized and written; tasks per second.

  --tasks <n>    tasks to generate, spread over the five domains (default 100)
  --seed <n>     generator seed (default 7)
  -h, --help     this text
`;

const values = benchArgs("generate", USAGE, {
  tasks: { type: "string", default: "100" },
  seed: { type: "string", default: "7" },
});
const total = Number(values.tasks);
const perDomain = Math.ceil(total / 5);
const root = await mkdtemp(join(tmpdir(), "drflow-bench-generate-"));
try {
  let artifacts = 0;
  let bytes = 0;
  const start = performance.now();
  const tasks = await generateProceduralSuite({
    root,
    suite: "bench",
    seed: Number(values.seed),
    perDomain,
    onTask: (_, g) => {
      artifacts += g.manifest.artifacts.length;
    },
  });
  const seconds = (performance.now() - start) / 1000;
  for (const t of tasks) bytes += Number((await Bun.$`du -sb ${t.dir}`.text()).split("\t")[0]);
  console.log(
    `procedural generation: ${tasks.length} tasks, ${artifacts} artifacts, ${(bytes / 1e6).toFixed(1)} MB written`,
  );
  console.log(
    `${seconds.toFixed(2)} s total, ${(tasks.length / seconds).toFixed(2)} tasks/s, ${(artifacts / seconds).toFixed(0)} artifacts/s`,
  );
  headline(
    "generate",
    `${(tasks.length / seconds).toFixed(2)} tasks/s (${tasks.length} tasks, ${artifacts} files, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s)`,
    {
      tasks: tasks.length,
      artifacts,
      mb: Number((bytes / 1e6).toFixed(1)),
      seconds: Number(seconds.toFixed(2)),
      tasks_per_s: Number((tasks.length / seconds).toFixed(2)),
    },
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
