/**
 * @module API benchmark against a real `drflow serve` process (temp copy of the demo suite, its own store and index
 * folder): the server's resident memory (from /proc) idle, at peak and after `--judge-jobs` queued judge jobs of
 * `--job-mb` MB JSON reports each; GET /health latency while a large lexical judge request (~234 KB of Markdown) runs;
 * and its resident memory across `--loads` POST /env loads.
 * `bun scripts/bench/api.ts [--task demo/healthcare_01] [--judge-jobs 34] [--job-mb 2.6] [--loads 100] [--copies 9]`
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extractive } from "../../src/agents/extractive/index.ts";
import { runAgent } from "../../src/agents/run.ts";
import { loadEnv } from "../../src/env/load.ts";
import { renderReportMarkdown } from "../../src/judge/index.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/api.ts [options]
  A real \`drflow serve\` (temp copy of the demo suite): GET /health latency while a large lexical judge request runs,
  and the server's resident memory across POST /env loads.

  --task <ref>      task the judge request and the loads use (default demo/healthcare_01)
  --judge-jobs <n>  judge jobs submitted at once, for RSS idle / peak / after (default 34: 2 running, 32 queued)
  --job-mb <mb>     size of each of those jobs' JSON report (default 2.6)
  --loads <n>       POST /env loads (default 100)
  --copies <n>      copies of the report's workflow in the judged Markdown (default 9)
  -h, --help        this text
`;

const values = benchArgs("api", USAGE, {
  task: { type: "string", default: "demo/healthcare_01" },
  loads: { type: "string", default: "100" },
  "judge-jobs": { type: "string", default: "34" },
  "job-mb": { type: "string", default: "2.6" },
  copies: { type: "string", default: "9" },
});
const task = values.task;
const dir = mkdtempSync(join(tmpdir(), "drflow-bench-api-"));
const root = join(dir, "tasks");
copyTaskFolder(resolve("tasks"), task, root);

// The report: the extractive agent's, its steps repeated `copies` times.
const loaded = await loadTask(root, task);
const env = await loadEnv(loaded, { split: "original" });
const { report } = await runAgent(extractive(), env, null, { runId: "bench" });
await env.close();
const steps = Array.from({ length: Number(values.copies) }, (_, r) =>
  report.personalized_workflow.map((s) => ({ ...s, title: `${s.title} (${r})` })),
)
  .flat()
  .map((s, i) => ({ ...s, item: i + 1 }));
const markdown = renderReportMarkdown({ ...report, generic_workflow: steps, personalized_workflow: steps });

const port = 20_000 + Math.floor(Math.random() * 20_000);
const server = Bun.spawn(
  ["bun", resolve("src/cli/main.ts"), "serve", "--port", String(port), "--root", root],
  {
    cwd: dir,
    env: { ...process.env },
    stdout: "pipe",
    stderr: "inherit",
  },
);
const base = `http://127.0.0.1:${port}`;
const rssMb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) / 1024;
const json = { "content-type": "application/json" };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
async function health(): Promise<number> {
  const t = performance.now();
  await (await fetch(`${base}/health`)).json();
  return performance.now() - t;
}
async function finished(url: string): Promise<{ status: string; result: { id: string } }> {
  for (;;) {
    const j = (await (await fetch(`${base}${url}?wait=60`)).json()) as {
      finished_at: string | null;
      status: string;
      result: { id: string };
    };
    if (j.finished_at) return j;
  }
}

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error("server did not start");
    await Bun.sleep(50);
  }
  // RSS idle, at peak and after `judge-jobs` judge jobs of `job-mb` MB JSON reports, all submitted at once.
  const oneStep =
    JSON.stringify(report.personalized_workflow).length / report.personalized_workflow.length + 1;
  const bigSteps = Array.from(
    { length: Math.ceil((Number(values["job-mb"]) * 1024 * 1024) / oneStep) },
    (_, i) => ({ ...report.personalized_workflow[i % report.personalized_workflow.length]!, item: i + 1 }),
  );
  const bigBody = JSON.stringify({
    task,
    report: { ...report, personalized_workflow: bigSteps },
  });
  await Bun.sleep(2000);
  const idle = rssMb();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 100);
  const tJobs = performance.now();
  const urls: string[] = [];
  for (let i = 0; i < Number(values["judge-jobs"]); i++) {
    const r = await fetch(`${base}/judge`, { method: "POST", headers: json, body: bigBody });
    if (r.status !== 202) throw new Error(`judge job ${i}: HTTP ${r.status} ${await r.text()}`);
    urls.push(((await r.json()) as { url: string }).url);
  }
  const statuses: string[] = [];
  for (const url of urls) statuses.push((await finished(url)).status);
  const jobsS = (performance.now() - tJobs) / 1000;
  // The worker threads end after 20 s idle (src/api/worker-pool.ts IDLE_MS); then what they held is returned.
  await Bun.sleep(25_000);
  clearInterval(sampler);
  const after = rssMb();
  const failedJobs = statuses.filter((s) => s !== "done").length;
  console.log(
    `${urls.length} judge jobs of ${(bigBody.length / 1024 / 1024).toFixed(1)} MB JSON (${bigSteps.length} steps) each, submitted at once: ${urls.length - failedJobs} done, ${failedJobs} failed in ${jobsS.toFixed(1)} s; server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB (${(after / idle).toFixed(2)} × idle, 25 s after the last)`,
  );

  const baseline: number[] = [];
  for (let i = 0; i < 50; i++) baseline.push(await health());
  const t0 = performance.now();
  const job = (await (
    await fetch(`${base}/judge`, { method: "POST", headers: json, body: JSON.stringify({ task, markdown }) })
  ).json()) as { url: string };
  const during: number[] = [];
  let state = "queued";
  while (state === "queued" || state === "running") {
    during.push(await health());
    state = ((await (await fetch(`${base}${job.url}`)).json()) as { status: string }).status;
    await Bun.sleep(20);
  }
  const judgeS = (performance.now() - t0) / 1000;
  console.log(
    `judge of ${(markdown.length / 1024).toFixed(0)} KB Markdown (${steps.length} steps): ${state} in ${judgeS.toFixed(1)} s`,
  );
  console.log(
    `GET /health meanwhile: n=${during.length} p50 ${pct(during, 0.5).toFixed(1)} ms, p90 ${pct(during, 0.9).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms (idle baseline p50 ${pct(baseline, 0.5).toFixed(1)} ms, p90 ${pct(baseline, 0.9).toFixed(1)} ms)`,
  );

  const loads = Number(values.loads);
  const rss: number[] = [rssMb()];
  for (let i = 0; i < loads; i++) {
    const started = (await (
      await fetch(`${base}/env`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ task, split: i % 2 ? "mixed" : "original" }),
      })
    ).json()) as { url: string };
    const done = await finished(started.url);
    if (done.status !== "done") throw new Error(`env load ${i}: ${done.status}`);
    if ((i + 1) % 10 === 0) rss.push(rssMb());
  }
  console.log(
    `server RSS across ${loads} POST /env loads (every 10): ${rss.map((x) => x.toFixed(0)).join(" → ")} MB`,
  );
  headline(
    "api",
    `RSS ${idle.toFixed(0)} → peak ${peak.toFixed(0)} → ${after.toFixed(0)} MB over ${urls.length} ${(bigBody.length / 1024 / 1024).toFixed(1)} MB judge jobs; GET /health p50 ${pct(during, 0.5).toFixed(1)} ms, p90 ${pct(during, 0.9).toFixed(1)} ms during a ${judgeS.toFixed(1)} s judge request; RSS ${rss[0]!.toFixed(0)} → ${rss.at(-1)!.toFixed(0)} MB over ${loads} env loads`,
    {
      health_p50_ms: Number(pct(during, 0.5).toFixed(2)),
      health_p90_ms: Number(pct(during, 0.9).toFixed(2)),
      judge_s: Number(judgeS.toFixed(2)),
      rss_start_mb: Number(rss[0]!.toFixed(0)),
      rss_end_mb: Number(rss.at(-1)!.toFixed(0)),
      judge_jobs_rss_idle_mb: Number(idle.toFixed(0)),
      judge_jobs_rss_peak_mb: Number(peak.toFixed(0)),
      judge_jobs_rss_after_mb: Number(after.toFixed(0)),
    },
  );
} finally {
  server.kill();
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
