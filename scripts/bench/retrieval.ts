/**
 * @module Retrieval quality on a suite (default: demo, mixed split): for each gold step, a query made from its title and task
 * must find an artifact carrying it within the top 5. Prints the hit rate for hybrid, BM25-only and vector-only.
 * `--query title` probes with the step title alone.
 * `bun scripts/bench/retrieval.ts [--suite demo] [--split mixed] [--k 5] [--query title+task|title] [--root tasks] [--verbose]`
 */
import { loadEnv } from "../../src/env/load.ts";
import { hitRate, type ProbeQuery, probeSteps, type StepProbe } from "../../src/env/quality.ts";
import type { SearchMode } from "../../src/retrieval/index.ts";
import { listTasks, loadTask } from "../../src/store/task-store.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/retrieval.ts [options]
  For each gold step, a query made from its title and task must find an artifact carrying it within the top k:
  hit rate for hybrid, BM25-only and vector-only search.

  --suite <name>            suite under --root (default demo)
  --split <split>           original or mixed (default mixed)
  --k <n>                   cutoff (default 5)
  --query title+task|title  what the probe query is made of (default title+task)
  --root <dir>              task root (default tasks)
  --verbose                 list the misses
  -h, --help                this text
`;

const values = benchArgs("retrieval", USAGE, {
  suite: { type: "string", default: "demo" },
  split: { type: "string", default: "mixed" },
  k: { type: "string", default: "5" },
  root: { type: "string", default: "tasks" },
  query: { type: "string", default: "title+task" },
  verbose: { type: "boolean", default: false },
});
const split = values.split === "original" ? "original" : "mixed";
const k = Number(values.k);
const queryOf: ProbeQuery = values.query === "title" ? "title" : "title+task";
const modes: SearchMode[] = ["hybrid", "bm25", "vector"];
const all: Record<SearchMode, StepProbe[]> = { hybrid: [], bm25: [], vector: [] };

const refs = await listTasks(values.root, values.suite);
if (refs.length === 0) throw new Error(`no tasks in ${values.root}/${values.suite}`);
console.log(
  `retrieval quality: suite ${values.suite}, split ${split}, ${refs.length} tasks, top-${k}, query = gold step ${queryOf === "title" ? "title" : "title + task"}`,
);
console.log(`${"task".padEnd(16)} steps  ${modes.map((m) => m.padStart(7)).join("")}`);
for (const ref of refs) {
  const loaded = await loadTask(values.root, ref.ref);
  const env = await loadEnv(loaded, { split });
  const row: string[] = [];
  let steps = 0;
  for (const mode of modes) {
    const probes = await probeSteps(env, loaded, mode, k, queryOf);
    steps = probes.length;
    all[mode].push(...probes);
    row.push(hitRate(probes).toFixed(3).padStart(7));
    if (values.verbose)
      for (const p of probes.filter((x) => !x.hit))
        console.log(
          `  miss ${mode} ${ref.id} step ${p.item} "${p.query}" gold ${p.gold.join(",")} got ${p.found.join(",")}`,
        );
  }
  console.log(`${ref.id.padEnd(16)} ${String(steps).padStart(5)}  ${row.join("")}`);
  await env.close();
}
console.log(
  `${"ALL".padEnd(16)} ${String(all.hybrid.length).padStart(5)}  ${modes.map((m) => hitRate(all[m]).toFixed(3).padStart(7)).join("")}`,
);
for (const m of modes)
  console.log(
    `hit@${k} ${m}: ${hitRate(all[m]).toFixed(3)} (${all[m].filter((p) => p.hit).length}/${all[m].length})`,
  );
headline(
  "retrieval",
  `hit@${k} (${values.query}) ${modes.map((m) => `${m} ${hitRate(all[m]).toFixed(3)}`).join(", ")} (${all.hybrid.length} steps)`,
  {
    k,
    query: values.query,
    steps: all.hybrid.length,
    ...Object.fromEntries(modes.map((m) => [`hit_${m}`, Number(hitRate(all[m]).toFixed(4))])),
  },
);
