/**
 * @module Studio benchmark: server-side time of each studio page (Hono `app.request`, no network) on (1) a batch of 20
 * runs, the offline demo eval (extractive × lexical, 10 demo tasks × original + mixed), and (2) a store filled to
 * `--runs` with copies of those runs and everything they hold (reports, traces, metric results, citations, model
 * calls), in batches of 200: the runs list under every sort and filter, the batch grid, compare, a run page, and the
 * process's RSS. Target: p95 < 200 ms at 100,000 runs.
 *
 *   bun scripts/bench/studio.ts [--root tasks] [--iterations 20] [--runs 100000]
 */
import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { RUN_SORTS } from "../../src/studio/queries.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/studio.ts [options]
  Server-side render time of each studio page on the offline demo batch (20 runs), then on ×scale copies of it.

  --root <dir>         task root (default tasks)
  --iterations <n>     requests per page (default 20)
  --runs <n>           fill the store to about n runs for the second table (default 2000; the issue's figure: 100000)
  --store <file>       keep the filled store there, and reuse it when it already holds the runs (repeat measurements)
  -h, --help           this text
`;

const values = benchArgs("studio", USAGE, {
  root: { type: "string", default: "tasks" },
  iterations: { type: "string", default: "20" },
  runs: { type: "string", default: "2000" },
  store: { type: "string" },
});
const iterations = Number(values.iterations);
const target = Number(values.runs);

const dir = await mkdtemp(join(tmpdir(), "drflow-bench-studio-"));
try {
  const storePath = values.store ?? join(dir, "runs.sqlite");
  const store = new RunStore(storePath);
  const batch = "bench-studio";
  const reuse = store.listRuns({ batch }).length > 0;
  if (!reuse) await runDemo({ root: values.root, store, batch, indexDir: join(dir, "env") });
  const runs = store.listRuns({ batch });
  const app = createApp({
    deps: defaultDeps({ store, tasksRoot: values.root }),
    studio: { cachePath: join(dir, "cache.sqlite") },
  });
  const run = runs[0]!;
  const pages: [string, string][] = [
    ["runs", "/studio/runs"],
    ["runs, one task, sorted by F1", `/studio/runs?task=${encodeURIComponent(run.task)}&sort=f1`],
    ["batch grid", `/studio/batches/${batch}`],
    ["run (trace, report, flowcharts)", `/studio/runs/${run.id}`],
    ["judgment", `/studio/runs/${run.id}/judgment`],
    [
      "compare original vs mixed (+ one task)",
      `/studio/compare?a.batch=${batch}&a.split=original&b.batch=${batch}&b.split=mixed&task=${encodeURIComponent(run.task)}`,
    ],
    [
      "document (first reference)",
      `/studio/tasks/${run.task}/docs/${store.getReport(run.id)!.references[0]!.source_id}?run=${run.id}`,
    ],
  ];

  const time = async (path: string) => {
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < iterations + 2; i++) {
      const t = performance.now();
      const res = await app.request(path);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
      if (i >= 2) ms.push(performance.now() - t); // two warm-up requests (first task load, first extraction)
      bytes = body.length;
    }
    ms.sort((a, b) => a - b);
    return {
      median: ms[Math.floor(ms.length / 2)]!,
      p95: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]!,
      kib: bytes / 1024,
    };
  };
  const report = async (label: string) => {
    console.log(`\n${label}`);
    console.log("page                                       median ms   p95 ms    KiB");
    let worst = 0;
    for (const [name, path] of pages) {
      const t = await time(path);
      worst = Math.max(worst, t.p95);
      console.log(
        `${name.padEnd(42)} ${t.median.toFixed(1).padStart(9)} ${t.p95.toFixed(1).padStart(8)} ${t.kib.toFixed(0).padStart(6)}`,
      );
    }
    return worst;
  };
  const worst = await report(
    `(1) batch of ${runs.length} runs (demo suite, offline eval), ${iterations} requests per page`,
  );
  console.log(`slowest p95 ${worst.toFixed(1)} ms`);

  // (2) The store filled to --runs: copies of the batch's runs with everything a run holds (report and trace
  // documents, metric results with their items, citations) plus two model calls each, spread over batches of 200,
  // with scores varied per copy, 3 % of runs failed (no metrics) and 1 % unscored, so sorts and filters have work to do.
  const perBatch = runs.length * 10;
  const copies = Math.ceil(Math.max(0, target - runs.length) / runs.length);
  const have = store.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM runs").get()!.n;
  const columns = store.db
    .query<{ name: string }, []>("PRAGMA table_info(runs)")
    .all()
    .map((c) => c.name);
  const fillStart = performance.now();
  const copied = (k: number) =>
    columns
      .map((c) =>
        c === "batch"
          ? `'bench-${String(Math.floor((k * runs.length) / perBatch)).padStart(4, "0")}'`
          : c === "id" || c === "identity"
            ? `${c} || '-c${k}'`
            : c === "status"
              ? `CASE WHEN (abs(random()) % 100) < 3 THEN 'failed' ELSE status END`
              : c === "started_at"
                ? `strftime('%Y-%m-%dT%H:%M:%fZ', started_at, '-${k} minutes')`
                : c,
      )
      .join(", ");
  for (let k = reuse ? Math.round(have / runs.length) : 1; k <= copies; k++) {
    store.db.transaction(() => {
      store.db.run(`INSERT INTO runs (${columns.join(", ")}) SELECT ${copied(k)} FROM runs WHERE batch = ?`, [
        batch,
      ]);
      store.db.run(
        `INSERT INTO run_documents (run_id, kind, json, updated_at)
         SELECT d.run_id || '-c${k}', d.kind, d.json, d.updated_at FROM run_documents d JOIN runs r ON r.id = d.run_id WHERE r.batch = ?`,
        [batch],
      );
      store.db.run(
        `INSERT INTO metric_results (run_id, evaluation, metric, value, scored, unscored, tokens, judge, judge_model, protocol, prompt_hash, result, created_at)
         SELECT m.run_id || '-c${k}', m.evaluation, m.metric,
           CASE WHEN m.value IS NULL OR (abs(random()) % 100) = 0 THEN NULL ELSE MIN(1.0, m.value * (0.55 + (abs(random()) % 450) / 1000.0)) END,
           m.scored, m.unscored, m.tokens, m.judge, m.judge_model, m.protocol, m.prompt_hash, m.result, m.created_at
         FROM runs r JOIN metric_results m ON m.run_id = r.id JOIN runs c ON c.id = r.id || '-c${k}'
         WHERE r.batch = ? AND c.status = 'done'`,
        [batch],
      );
      store.db.run(
        `INSERT INTO citations (run_id, section, step, citation_key, source_id, source_task, source_role)
         SELECT x.run_id || '-c${k}', x.section, x.step, x.citation_key, x.source_id, x.source_task, x.source_role
         FROM citations x JOIN runs r ON r.id = x.run_id WHERE r.batch = ?`,
        [batch],
      );
      for (const stage of ["planning", "report"])
        store.db.run(
          `INSERT INTO llm_calls (run_id, stage, role, handle, provider, model, kind, temperature, seed, prompt_template, request_key,
             input_tokens, output_tokens, usage_source, cost_usd, latency_ms, cached, attempt, retries, started_at)
           SELECT id || '-c${k}', '${stage}', 'agent', 'compat:bench#m', 'compat', 'm', 'chat', 0, NULL, 'J.4', 'k-' || id || '-c${k}-${stage}',
             1000 + abs(random()) % 9000, 100 + abs(random()) % 900, 'provider',
             CASE WHEN (abs(random()) % 50) = 0 THEN NULL ELSE (abs(random()) % 1000) / 100000.0 END, 300, 0, 1, 0, started_at
           FROM runs WHERE batch = ?`,
          [batch],
        );
    });
  }
  const fillS = (performance.now() - fillStart) / 1000;
  const count = (sql: string) => store.db.query<{ n: number }, []>(sql).get()!.n;
  const total = count("SELECT COUNT(*) AS n FROM runs");
  console.log(
    `\nfilled to ${total} runs in ${fillS.toFixed(1)} s: ${count("SELECT COUNT(*) AS n FROM metric_results")} metric results, ${count("SELECT COUNT(*) AS n FROM citations")} citations, ${count("SELECT COUNT(*) AS n FROM run_documents")} report and trace documents, ${count("SELECT COUNT(*) AS n FROM llm_calls")} model calls; ${(statSync(storePath).size / 2 ** 20).toFixed(0)} MiB`,
  );
  const big = "bench-0000";
  const word = "onboarding";
  const scaled: [string, string][] = [
    ["runs, newest first", "/studio/runs"],
    ["runs, page 250 (offset 50,000)", "/studio/runs?offset=50000"],
    ...RUN_SORTS.filter((s) => s !== "started").map((s): [string, string] => [
      `runs sorted by ${s}`,
      `/studio/runs?sort=${s}`,
    ]),
    ["runs sorted by F1 ascending", "/studio/runs?sort=f1&dir=asc"],
    ["runs of one batch", `/studio/runs?batch=${big}`],
    ["runs of one task, sorted by F1", `/studio/runs?task=${encodeURIComponent(run.task)}&sort=f1`],
    ["runs of one split", "/studio/runs?split=mixed"],
    ["runs of one agent", "/studio/runs?agent=extractive"],
    ["runs of one suite", "/studio/runs?suite=demo"],
    ["runs by date range", "/studio/runs?from=2026-01-01&to=2099-12-31"],
    ["failed runs", "/studio/runs?outcome=failed"],
    ["runs with an unscored metric", "/studio/runs?outcome=unscored"],
    ["runs with a not-applicable metric", "/studio/runs?outcome=not_applicable"],
    ["search: a task name", `/studio/runs?q=${encodeURIComponent(run.task.split("/")[1]!)}`],
    ["search: report text", `/studio/runs?q=${word}`],
    ["batches list", "/studio/batches"],
    ["batch grid (200 runs)", `/studio/batches/${big}`],
    [
      "compare two splits of a batch",
      `/studio/compare?a.batch=${big}&a.split=original&b.batch=${big}&b.split=mixed&task=${encodeURIComponent(run.task)}`,
    ],
    ["run page", `/studio/runs/${run.id}-c${copies}`],
    ["judgment", `/studio/runs/${run.id}-c${copies}/judgment`],
  ];
  pages.splice(0, pages.length, ...scaled);
  const worst2 = await report(
    `(2) ${total} runs in the store, ${iterations} requests per page (p95 target < 200 ms)`,
  );
  const rss = process.memoryUsage().rss / 2 ** 20;
  console.log(
    `server RSS after the requests: ${rss.toFixed(0)} MiB (one process: store, app and this bench)`,
  );
  headline(
    "studio",
    `slowest page p95 ${worst.toFixed(1)} ms on ${runs.length} runs; ${worst2.toFixed(1)} ms on ${total} runs (target < 200 ms: ${worst2 < 200 ? "met" : "NOT met"}); RSS ${rss.toFixed(0)} MiB`,
    {
      runs: total,
      slowest_p95_ms: Number(worst2.toFixed(1)),
      target_met: worst2 < 200,
      rss_mib: Math.round(rss),
    },
  );
  store.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
