/**
 * @module Environment benchmark: time to load and index a whole suite (default demo, mixed split, embedded backend,
 * hashing embedder) — per task, with the characters each serves (its own documents and its company's corpus) — then
 * p50/p95 hybrid search latency over 1,000 queries spread across the suite's envs. Issue 27 asks ≤ 1.0 s per task and
 * p95 ≤ 10 ms at ≥ 500,000 characters per task (a suite generated with the default corpus).
 * `bun scripts/bench/env.ts [--suite demo] [--split mixed] [--queries 1000] [--root tasks]`
 */
import { loadEnv } from "../../src/env/load.ts";
import type { Env } from "../../src/env/types.ts";
import { listTasks, loadTask } from "../../src/store/task-store.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/env.ts [options]
  Load and index every task of a suite (embedded backend, hashing embedder), then time hybrid search.

  --suite <name>     suite under --root (default demo)
  --split <split>    original or mixed (default mixed)
  --queries <n>      search queries spread across the suite's environments (default 1000)
  --root <dir>       task root (default tasks)
  -h, --help         this text
`;

const values = benchArgs("env", USAGE, {
  suite: { type: "string", default: "demo" },
  split: { type: "string", default: "mixed" },
  queries: { type: "string", default: "1000" },
  root: { type: "string", default: "tasks" },
});
const split = values.split === "original" ? "original" : "mixed";
const total = Number(values.queries);

const refs = await listTasks(values.root, values.suite);
if (refs.length === 0) throw new Error(`no tasks in ${values.root}/${values.suite}`);

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const envs: Env[] = [];
let documents = 0;
/** Per task: the characters of text it serves and the milliseconds its load and index took. */
const taskChars: number[] = [];
const taskMs: number[] = [];
for (const ref of refs) {
  const start = performance.now();
  const env = await loadEnv(await loadTask(values.root, ref.ref), { split });
  taskMs.push(performance.now() - start);
  const listed = await env.list();
  documents += listed.length;
  taskChars.push(listed.reduce((n, d) => n + d.text.length, 0));
  envs.push(env);
}
const loadMs = performance.now() - t0;
const chars = taskChars.reduce((a, b) => a + b, 0);
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const cpu = process.cpuUsage(cpu0);
const loadCpuMs = (cpu.user + cpu.system) / 1000;

// Queries: document titles and sliding word windows of each env's question, cycled deterministically.
const pools: string[][] = [];
for (const env of envs) {
  const words = env.question.split(/\s+/);
  const pool = (await env.list()).map((d) => d.title);
  for (let i = 0; i + 4 <= words.length; i++) pool.push(words.slice(i, i + 4).join(" "));
  pools.push(pool);
}
const latencies: number[] = [];
const searchCpu0 = process.cpuUsage();
for (let q = 0; q < total; q++) {
  const e = q % envs.length;
  const pool = pools[e]!;
  const query = pool[(q * 7919) % pool.length]!;
  const start = performance.now();
  await envs[e]!.search(query, { limit: 10 });
  latencies.push(performance.now() - start);
}
const searchCpu = process.cpuUsage(searchCpu0);
const searchCpuMs = (searchCpu.user + searchCpu.system) / 1000 / total;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
for (const env of envs) await env.close();

console.log(
  `suite ${values.suite} (${split}): ${refs.length} tasks, ${documents} documents, ${fmt(chars / refs.length)} characters of text per task (${fmt(Math.min(...taskChars))}–${fmt(Math.max(...taskChars))})`,
);
console.log(
  `load + index (extract, chunk, FTS5, hashing vectors in sqlite-vec): ${(loadMs / 1000).toFixed(2)} s total, ${(loadMs / refs.length).toFixed(0)} ms per task, slowest ${Math.max(...taskMs).toFixed(0)} ms (CPU ${(loadCpuMs / refs.length).toFixed(0)} ms per task)`,
);
console.log(
  `hybrid search over ${total} queries: p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, max ${latencies.at(-1)!.toFixed(2)} ms (CPU ${searchCpuMs.toFixed(2)} ms a query)`,
);
headline(
  "env",
  `load + index ${(loadMs / refs.length).toFixed(0)} ms per task (${values.suite}, ${split}, ${refs.length} tasks); search p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms`,
  {
    tasks: refs.length,
    documents,
    chars_per_task: Math.round(chars / refs.length),
    chars_min_task: Math.min(...taskChars),
    load_ms_per_task: Number((loadMs / refs.length).toFixed(1)),
    load_ms_slowest_task: Number(Math.max(...taskMs).toFixed(1)),
    load_cpu_ms_per_task: Number((loadCpuMs / refs.length).toFixed(1)),
    search_p50_ms: Number(pct(50).toFixed(3)),
    search_p95_ms: Number(pct(95).toFixed(3)),
    search_cpu_ms: Number(searchCpuMs.toFixed(3)),
  },
);
