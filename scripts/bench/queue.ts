/**
 * @module Benchmark: a grid spread over 1, 2 and 4 `drflow worker` processes by `drflow eval --queue`'s queue
 * (pg-boss on a private PostgreSQL), with a scripted model that adds 200 ms per call. Prints cells per second and the
 * queue's overhead per cell.
 *
 *   bun scripts/bench/queue.ts [--workers 1,2,4] [--delay 200] [--agent basic] [--splits original,mixed] [--root tasks]
 *
 * Workers are started and ready before the grid is enqueued, so process start-up is not counted. Per cell:
 * `run` is the cell's own time in the run store (started_at → finished_at: environment, agent, model calls, judge);
 * `in-job overhead` is the rest of the time the job was active (task fingerprint check, claiming and writing the run
 * in the shared store, completing the job); `queue overhead` is all worker time not spent running cells
 * (W × wall − Σ run) per cell: in-job overhead plus waiting for the next job (polling) and the idle tail.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SQL } from "bun";
import { agentFromSpec } from "../../src/agents/index.ts";
import { Split } from "../../src/core/index.ts";
import { parseList } from "../../src/eval/agent-list.ts";
import { CELL_QUEUE, DEFAULT_POLICY, enqueue, follow, gridJobs, openQueue } from "../../src/eval/queue.ts";
import { defaultServices, LEXICAL } from "../../src/eval/services.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { listTasks } from "../../src/store/task-store.ts";
import { agentReplies } from "../../test/agents/support/scripted-agent.ts";
import { startScriptedServer } from "../../test/support/scripted-server.ts";
import { startPostgres } from "../services/postgres.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/queue.ts [options]
  The grid spread over 1, 2 and 4 \`drflow worker\` processes by \`drflow eval --queue\` (pg-boss on a private
  PostgreSQL), scripted model +--delay ms per call: cells per second and the queue's overhead per cell.

  --workers <n,…>     worker counts, one round each (default 1,2,4)
  --delay <ms>        scripted model latency per call (default 200)
  --agent <spec>      agent (default basic)
  --splits <s,…>      original,mixed (default both)
  --suite <name>      suite under --root (default demo)
  --root <dir>        task root (default tasks)
  -h, --help          this text
`;

const values = benchArgs("queue", USAGE, {
  workers: { type: "string", default: "1,2,4" },
  delay: { type: "string", default: "200" },
  agent: { type: "string", default: "basic" },
  splits: { type: "string", default: "original,mixed" },
  root: { type: "string", default: "tasks" },
  suite: { type: "string", default: "demo" },
});
const REPO = resolve(import.meta.dir, "../..");
const CLI = join(REPO, "src/cli/main.ts");
const root = resolve(values.root!);
const delayMs = Number(values.delay);
const splits = parseList(values.splits!).map((s) => Split.parse(s));
const replies = agentReplies();
const server = await startScriptedServer({ reply: (req, i) => ({ ...replies(req, i), delayMs }) });
const pg = await startPostgres();
const dir = mkdtempSync(join(tmpdir(), "drflow-bench-queue-"));
const handle = `compat:${server.url}#scripted-model`;
// The embedder role of the workers' LLM agents' environment indexes (the scripted server's embeddings).
const embedder = `compat:${server.url}#scripted-embedder`;
const tasks = (await listTasks(root, values.suite)).map((t) => t.ref);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function startWorker(url: string): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn("bun", [CLI, "worker", "--root", root, "--index-dir", join(dir, "index")], {
    cwd: dir,
    env: { ...process.env, DRFLOW_DATABASE_URL: url, DRFLOW_CACHE: "off", DRFLOW_EMBEDDER_MODEL: embedder },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  const ready = new Promise<void>((resolveReady, reject) => {
    child.stderr!.on("data", (d) => {
      err += String(d);
      if (err.includes("taking cells")) resolveReady();
    });
    child.once("exit", (code) => reject(new Error(`worker exited ${code}: ${err.slice(-1000)}`)));
  });
  return { child, ready };
}

try {
  const lines: string[] = [];
  const rounds: { workers: number; cellsPerS: number; overheadMs: number }[] = [];
  for (const [round, workers] of parseList(values.workers!).map(Number).entries()) {
    const database = `bench${round}`;
    const admin = new SQL(pg.url);
    await admin.unsafe(`CREATE DATABASE ${database}`);
    await admin.close();
    const url = pg.url.replace(/\/drflow$/, `/${database}`);
    const boss = await openQueue(url, DEFAULT_POLICY, { supervise: false, configure: true });
    const procs = Array.from({ length: workers }, () => startWorker(url));
    await Promise.all(procs.map((p) => p.ready));
    const reader = new RunStore(url);
    const services = defaultServices({ root, store: reader, judge: LEXICAL, llmEnvEmbedder: embedder });
    const jobs = await gridJobs({
      batch: `bench-${workers}`,
      tasks,
      splits,
      agents: [{ spec: values.agent!, agent: agentFromSpec(values.agent!) }],
      models: [handle],
      repeats: 1,
      judge: services.judge,
      judgeName: LEXICAL,
      loadTask: services.loadTask,
      envEmbedder: services.envEmbedder,
    });
    const started = performance.now();
    await enqueue(boss, jobs);
    const final = await follow(boss, jobs, () => {}, 100);
    const wallMs = performance.now() - started;
    for (const p of procs) p.child.kill("SIGTERM");
    const db = new SQL(url);
    const runs = await db`SELECT id, status, started_at, finished_at FROM runs`;
    const active = await db`SELECT data->>'runId' AS run_id,
      EXTRACT(EPOCH FROM (completed_on - started_on)) * 1000 AS ms FROM pgboss.job WHERE name = ${CELL_QUEUE}`;
    await db.close();
    const runMs = new Map<string, number>(
      runs.map((r: { id: string; started_at: string; finished_at: string }) => [
        r.id,
        Date.parse(r.finished_at) - Date.parse(r.started_at),
      ]),
    );
    const sumRun = [...runMs.values()].reduce((a, b) => a + b, 0);
    const inJob =
      active.reduce(
        (a: number, j: { run_id: string; ms: string }) => a + Number(j.ms) - (runMs.get(j.run_id) ?? 0),
        0,
      ) / jobs.length;
    lines.push(
      `${String(workers).padStart(7)}  ${String(jobs.length).padStart(5)}  ${seconds(wallMs).padStart(8)}  ${(jobs.length / (wallMs / 1000)).toFixed(2).padStart(7)}  ${seconds(sumRun / jobs.length).padStart(8)}  ${`${inJob.toFixed(0)} ms`.padStart(14)}  ${`${((workers * wallMs - sumRun) / jobs.length).toFixed(0)} ms`.padStart(14)}${final.failed ? `  FAILED ${final.failed}` : ""}`,
    );
    rounds.push({
      workers,
      cellsPerS: jobs.length / (wallMs / 1000),
      overheadMs: (workers * wallMs - sumRun) / jobs.length,
    });
    await boss.stop({ graceful: false });
    reader.close();
  }
  console.log(
    [
      `agent ${values.agent} on ${values.suite} (${tasks.length} tasks × ${splits.join("+")}), scripted model +${delayMs} ms/call, lexical judge, cache off`,
      "workers  cells      wall  cells/s  run/cell  in-job overhd  queue overhd",
      ...lines,
    ].join("\n"),
  );
  headline(
    "queue",
    rounds
      .map(
        (r) =>
          `${r.workers} worker${r.workers > 1 ? "s" : ""} ${r.cellsPerS.toFixed(2)} cells/s (${r.overheadMs.toFixed(0)} ms queue overhead per cell)`,
      )
      .join(", "),
    Object.fromEntries(
      rounds.flatMap((r) => [
        [`cells_per_s_w${r.workers}`, Number(r.cellsPerS.toFixed(3))],
        [`queue_overhead_ms_w${r.workers}`, Number(r.overheadMs.toFixed(0))],
      ]),
    ),
  );
} finally {
  await server.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
