/**
 * @module Benchmark: run-store and model-call-cache operations per second on both backends — embedded SQLite (a file
 * in a temp folder, WAL) and PostgreSQL (a private server from scripts/services/postgres.ts, reached through the
 * synchronous driver: a worker thread and Atomics.wait per statement).
 *
 *   bun scripts/bench/store.ts [--runs 300] [--backends sqlite,postgres]
 *
 * One "cell" of work is what an evaluation does per run: claimRun, 4 recordCall, saveReport (with citations),
 * saveTrace, saveMetrics (7 metrics), finishRun — 9 store operations — then a cache put and get. Reads: getRun,
 * metrics of the run, calls of the run. Each phase prints operations per second; wall time and this process's CPU time
 * are both printed (the Postgres server's own CPU is not in it). Figures: one line per backend starting `store ops/s`.
 * Durability differs: SQLite commits with fsync (WAL, synchronous FULL) so on a slow disk its writes wait on it; the
 * private Postgres is a throw-away test cluster run with fsync off. Compare CPU, and wall time with that in mind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DRFLOW_METRICS } from "../../src/core/index.ts";
import { Report } from "../../src/core/report.ts";
import { LlmCache } from "../../src/llm/cache.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { startPostgres } from "../services/postgres.ts";

const HELP = `bun scripts/bench/store.ts [--runs 300] [--backends sqlite,postgres]

Run-store and cache operations per second on embedded SQLite and on PostgreSQL (a private server started here).
Prints one line per backend: store ops/s <backend>: writes … reads … cache …`;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "300" },
    backends: { type: "string", default: "sqlite,postgres" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs: expected a positive integer, got ${values.runs}`);
const backends = values.backends!.split(",").map((b) => b.trim());
for (const b of backends)
  if (b !== "sqlite" && b !== "postgres")
    throw new Error(`--backends: expected sqlite or postgres, got "${b}"`);

const report = Report.parse({
  task_id: "healthcare_01",
  personalized_workflow: [1, 2, 3, 4].map((item) => ({
    item,
    title: `step ${item}`,
    task: "t",
    task_description: "d",
    citations: ["s1", "s2"],
  })),
  references: [
    { key: "s1", source_id: "healthcare_01_IN_3" },
    { key: "s2", source_id: "healthcare_01_DI_1" },
  ],
});
const metrics = DRFLOW_METRICS.map((metric) => ({
  metric,
  value: 0.5,
  scored: 4,
  unscored: 0,
  items: [],
  judge: {
    judge: "lexical",
    model: "",
    temperature: null,
    seed: null,
    prompt_hash: "",
    protocol: "lexical" as const,
  },
  tokens: 0,
}));
const call = (runId: string, i: number) => ({
  run_id: runId,
  stage: "plan",
  role: "agent" as const,
  handle: "openai:gpt-4o",
  provider: "openai",
  model: "gpt-4o",
  kind: "chat" as const,
  temperature: 0,
  seed: null,
  prompt_template: "J.4",
  request_key: `k${i}`,
  input_tokens: 1000,
  output_tokens: 100,
  usage_source: "provider" as const,
  cost_usd: 0.0035,
  latency_ms: 800,
  cached: false,
  attempt: 1,
  retries: 0,
  started_at: new Date().toISOString(),
  error: null,
});
const parts = (i: number) => ({
  provider: "openai",
  base_url: "https://api.openai.com/v1",
  model: "gpt-4o",
  kind: "chat" as const,
  messages: [{ role: "user", content: `question ${i} ${"context ".repeat(200)}` }],
  parameters: { temperature: 0 },
  schema: null,
  tools: null,
  repeat: 0,
});

/** Ops per second of `body` run `n` times, with this process's CPU seconds. */
function measure(
  n: number,
  opsEach: number,
  body: (i: number) => void,
): { opsPerS: number; wallS: number; cpuS: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) body(i);
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { opsPerS: (n * opsEach) / wallS, wallS, cpuS: (cpu.user + cpu.system) / 1e6 };
}

function bench(name: string, location: string): string {
  const store = new RunStore(location);
  const cache = new LlmCache(
    location.endsWith(".sqlite") ? location.replace(/runs\.sqlite$/, "cache.sqlite") : location,
  );
  try {
    const ids = Array.from({ length: runs }, (_, i) => `bench-${i}`);
    const writes = measure(runs, 9, (i) => {
      const id = ids[i]!;
      store.claimRun({
        id,
        kind: "agent",
        batch: "bench",
        status: "running",
        started_at: new Date().toISOString(),
      });
      for (let c = 0; c < 4; c++) store.recordCall(call(id, c));
      store.saveReport(id, report);
      store.saveTrace(id, [{ type: "search", query: "q" }]);
      store.saveMetrics(id, metrics);
      store.finishRun(id, { status: "done", finishedAt: new Date().toISOString() });
    });
    const reads = measure(runs, 3, (i) => {
      const id = ids[i]!;
      store.getRun(id);
      store.metrics({ run: id });
      store.calls(id);
    });
    const cached = measure(runs, 2, (i) => {
      const key = cache.put(parts(i), "openai:gpt-4o", {
        text: "answer",
        embeddings: null,
        input_tokens: 1000,
        output_tokens: 100,
        usage_source: "provider",
        cost_usd: 0.0035,
      });
      if (!cache.get(key)) throw new Error("cache: a put entry was not found");
    });
    const f = (m: { opsPerS: number; wallS: number; cpuS: number }) =>
      `${m.opsPerS.toFixed(0)} (${m.wallS.toFixed(2)} s wall, ${m.cpuS.toFixed(2)} s cpu)`;
    return `store ops/s ${name}: writes ${f(writes)} reads ${f(reads)} cache ${f(cached)} — ${runs} runs`;
  } finally {
    store.close();
    cache.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), "drflow-bench-store-"));
try {
  console.log(
    `per run: claim, 4 calls, report + 8 citations, trace, 7 metrics, finish (9 writes); reads: run, metrics, calls; cache: put + get`,
  );
  for (const backend of backends) {
    if (backend === "sqlite") console.log(bench("sqlite", join(dir, "runs.sqlite")));
    else {
      const pg = await startPostgres();
      try {
        console.log(`${bench("postgres", pg.url)} (private server, fsync off)`);
      } finally {
        await pg.stop();
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
