/**
 * @module Benchmark: run-store and model-call-cache operations per second on both backends — embedded SQLite (a file
 * in a temp folder, WAL) and PostgreSQL (a private server from scripts/services/postgres.ts, reached through the
 * synchronous driver: a worker thread and Atomics.wait per statement).
 *
 *   bun scripts/bench/store.ts [--runs 200] [--backends sqlite,postgres]
 *
 * One "cell" of work is what an evaluation does per run: claimRun, 4 recordCall, saveReport (with citations),
 * saveTrace, saveMetrics (7 metrics), finishRun — 9 store operations — then a cache put and get. Reads: getRun,
 * metrics of the run, calls of the run. Each phase gives operations per second, wall time and this process's CPU time
 * (the Postgres server's own CPU is not in it), on one headline `bench store: …`. Durability differs: SQLite in WAL
 * with synchronous NORMAL (no fsync per commit); the private Postgres is a throw-away test cluster with fsync off.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Report } from "../../src/core/report.ts";
import { metricNames } from "../../src/judge/index.ts";
import { LlmCache } from "../../src/llm/cache.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { startPostgres } from "../services/postgres.ts";
import { benchArgs, type Figures, headline, intOption, usageError } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/store.ts [options]
  Run-store and model-call-cache operations per second on embedded SQLite and on PostgreSQL (a private server
  started here, reached through the synchronous driver).

  --runs <n>            runs written and read per backend (default 200)
  --backends <b,…>      sqlite,postgres (default both)
  -h, --help            this text
`;

const values = benchArgs("store", USAGE, {
  runs: { type: "string", default: "200" },
  backends: { type: "string", default: "sqlite,postgres" },
});
const runs = intOption("store", USAGE, "runs", values.runs);
const backends = values.backends!.split(",").map((b) => b.trim());
for (const b of backends)
  if (b !== "sqlite" && b !== "postgres")
    usageError("store", USAGE, `--backends: expected sqlite or postgres, got "${b}"`);

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
const metrics = metricNames("drflow").map((metric) => ({
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

function bench(name: string, location: string): { text: string; figures: Figures } {
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
      `${m.opsPerS.toFixed(0)}/s (${m.wallS.toFixed(2)} s wall, ${m.cpuS.toFixed(2)} s CPU)`;
    return {
      text: `${name} writes ${f(writes)}, reads ${f(reads)}, cache ${f(cached)}`,
      figures: {
        [`${name}_writes_per_s`]: Math.round(writes.opsPerS),
        [`${name}_reads_per_s`]: Math.round(reads.opsPerS),
        [`${name}_cache_per_s`]: Math.round(cached.opsPerS),
        [`${name}_cpu_s`]: Number((writes.cpuS + reads.cpuS + cached.cpuS).toFixed(2)),
      },
    };
  } finally {
    store.close();
    cache.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), "drflow-bench-store-"));
try {
  const parts: string[] = [];
  const figures: Figures = { runs };
  for (const backend of backends) {
    let result: { text: string; figures: Figures };
    if (backend === "sqlite") result = bench("sqlite", join(dir, "runs.sqlite"));
    else {
      const pg = await startPostgres();
      try {
        result = bench("postgres", pg.url);
      } finally {
        await pg.stop();
      }
    }
    parts.push(result.text);
    Object.assign(figures, result.figures);
  }
  headline(
    "store",
    `${runs} runs (each: claim, 4 calls, report + 8 citations, trace, 7 metrics, finish; then 3 reads; cache put + get): ${parts.join("; ")}`,
    figures,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
