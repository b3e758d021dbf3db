/**
 * @module Studio benchmark: server-side render time of each studio page (Hono `app.request`, no network) on (1) a
 * batch of 20 runs, the offline demo eval (extractive × lexical, 10 demo tasks × original + mixed), and (2) the same
 * runs copied ×`scale` into one store (e.g. 100 × 20 = 2,000 runs) to show how the list pages grow. Target: every
 * page of the 20-run batch under 300 ms.
 *
 *   bun scripts/bench/studio.ts [--root tasks] [--iterations 20] [--scale 100]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/studio.ts [options]
  Server-side render time of each studio page on the offline demo batch (20 runs), then on ×scale copies of it.

  --root <dir>         task root (default tasks)
  --iterations <n>     requests per page (default 20)
  --scale <n>          copies of the batch for the second table (default 100)
  -h, --help           this text
`;

const values = benchArgs("studio", USAGE, {
  root: { type: "string", default: "tasks" },
  iterations: { type: "string", default: "20" },
  scale: { type: "string", default: "100" },
});
const iterations = Number(values.iterations);
const scale = Number(values.scale);

const dir = await mkdtemp(join(tmpdir(), "drflow-bench-studio-"));
try {
  const store = new RunStore(join(dir, "runs.sqlite"));
  const batch = "bench-studio";
  await runDemo({ root: values.root, store, batch, indexDir: join(dir, "env") });
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
    return { median: ms[Math.floor(ms.length / 2)]!, max: ms.at(-1)!, kib: bytes / 1024 };
  };
  const report = async (label: string) => {
    console.log(`\n${label}`);
    console.log("page                                       median ms   max ms    KiB");
    let worst = 0;
    for (const [name, path] of pages) {
      const t = await time(path);
      worst = Math.max(worst, t.median);
      console.log(
        `${name.padEnd(42)} ${t.median.toFixed(1).padStart(9)} ${t.max.toFixed(1).padStart(8)} ${t.kib.toFixed(0).padStart(6)}`,
      );
    }
    return worst;
  };
  const worst = await report(
    `(1) batch of ${runs.length} runs (demo suite, offline eval), ${iterations} requests per page`,
  );
  console.log(`slowest median ${worst.toFixed(1)} ms — target < 300 ms: ${worst < 300 ? "met" : "NOT met"}`);
  headline(
    "studio",
    `slowest page median ${worst.toFixed(1)} ms on ${runs.length} runs (target < 300 ms: ${worst < 300 ? "met" : "NOT met"})`,
    { runs: runs.length, slowest_median_ms: Number(worst.toFixed(1)), target_met: worst < 300 },
  );

  // (2) Copies of the batch's runs, metric results and citations under new ids and batches.
  // Every column is copied as is but the run id (suffixed) and the batch; identity columns get the suffix too.
  const columns = store.db
    .query<{ name: string }, []>("PRAGMA table_info(runs)")
    .all()
    .map((c) => c.name);
  const copied = (k: number) =>
    columns
      .map((c) => (c === "batch" ? `'copy-${k}'` : c === "id" || c === "identity" ? `${c} || '-c${k}'` : c))
      .join(", ");
  store.db.transaction(() => {
    for (let k = 1; k < scale; k++) {
      store.db.run(`INSERT INTO runs (${columns.join(", ")}) SELECT ${copied(k)} FROM runs WHERE batch = ?`, [
        batch,
      ]);
      store.db.run(
        `INSERT INTO metric_results (run_id, evaluation, metric, value, scored, unscored, tokens, judge, judge_model, protocol, prompt_hash, result, created_at)
         SELECT m.run_id || '-c${k}', m.evaluation, m.metric, m.value, m.scored, m.unscored, m.tokens, m.judge, m.judge_model, m.protocol, m.prompt_hash, m.result, m.created_at
         FROM metric_results m JOIN runs r ON r.id = m.run_id WHERE r.batch = ?`,
        [batch],
      );
    }
  });
  const total = store.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM runs").get()!.n;
  pages.splice(1, 0, ["runs, all, sorted by F1 (first 200 shown)", "/studio/runs?sort=f1"]);
  pages.splice(0, 1);
  await report(`(2) the same pages with ${total} runs in the store (${scale} copies of the batch)`);
  store.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
