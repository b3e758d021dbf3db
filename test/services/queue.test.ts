/**
 * The demo grid (extractive agent, lexical judge, both splits, 2 repeats) spread by `drflow eval --queue` over two
 * `drflow worker` processes on a real PostgreSQL, one SIGKILLed while it holds a cell: every cell finishes exactly
 * once and the summary equals a single-process `drflow eval` on SQLite.
 */
import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SQL } from "bun";
import { agentFromSpec } from "../../src/agents/index.ts";
import {
  CELL_QUEUE,
  DEAD_QUEUE,
  DEFAULT_POLICY,
  enqueue,
  follow,
  gridJobs,
  openQueue,
  runWorker,
} from "../../src/eval/queue.ts";
import { defaultServices, LEXICAL, type Services } from "../../src/eval/services.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { describePostgres } from "../support/postgres.ts";

setDefaultTimeout(600_000);

const REPO = resolve(import.meta.dir, "../..");
const CLI = join(REPO, "src/cli/main.ts");
const dir = mkdtempSync(join(tmpdir(), "drflow-queue-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GRID = [
  "--suite",
  "demo",
  "--agents",
  "extractive",
  "--split",
  "original,mixed",
  "--repeats",
  "2",
  "--root",
  join(REPO, "tasks"),
];

type Proc = { child: ChildProcess; out: string; err: string; exited: Promise<number> };

function start(args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn("bun", [CLI, ...args], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const proc: Proc = {
    child,
    out: "",
    err: "",
    exited: new Promise((r) => child.once("exit", (code, signal) => r(code ?? (signal ? 128 : 1)))),
  };
  child.stdout!.on("data", (d) => {
    proc.out += String(d);
  });
  child.stderr!.on("data", (d) => {
    proc.err += String(d);
  });
  return proc;
}

async function until(what: string, check: () => boolean, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

/** The jobs of a one-repeat grid of the extractive agent on the original split, judged lexically. */
function extractiveJobs(batch: string, tasks: string[], services: Services) {
  return gridJobs({
    batch,
    tasks,
    splits: ["original"],
    agents: [{ spec: "extractive", agent: agentFromSpec("extractive") }],
    models: [],
    repeats: 1,
    judge: services.judge,
    judgeName: LEXICAL,
    loadTask: services.loadTask,
  });
}

describePostgres("queue: drflow eval --queue with drflow worker on PostgreSQL", (database) => {
  test("two workers, one SIGKILLed mid-cell: every cell finishes once; the summary equals single-process eval", async () => {
    const url = await database();
    const index = join(dir, "index");
    const single = start(["eval", ...GRID, "--store", join(dir, "single.sqlite"), "--index-dir", index]);
    expect(await single.exited).toBe(0);
    expect(single.out).toContain("extractive");

    const env = { DRFLOW_DATABASE_URL: url };
    const worker = (extra: string[] = []) =>
      start(
        ["worker", "--root", join(REPO, "tasks"), "--index-dir", index, "--heartbeat", "10", ...extra],
        env,
      );
    // The victim waits 3 s after taking a cell, so it surely dies holding one.
    const victim = worker(["--pause-ms", "3000"]);
    await until("the victim to start", () => victim.err.includes("taking cells"));
    const queued = start(["eval", ...GRID, "--queue", "--heartbeat", "10"], env);
    await until("the victim to take a cell", () => /take \S+/.test(victim.err));
    const taken = victim.err.match(/take (\S+)/)![1]!;
    const survivor = worker();
    await Bun.sleep(500);
    victim.child.kill("SIGKILL");
    expect(await victim.exited).toBe(128);

    const code = await queued.exited;
    expect({ code, err: queued.err.slice(-2000) }).toMatchObject({ code: 0 });
    survivor.child.kill("SIGTERM");
    expect(await survivor.exited).toBe(0);
    expect(queued.out).toBe(single.out);

    const db = new SQL(url);
    try {
      const runs =
        await db`SELECT id, status, (SELECT COUNT(*)::int FROM metric_results m WHERE m.run_id = runs.id) AS metrics FROM runs`;
      const cells = (await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${CELL_QUEUE}`)[0].n;
      expect(cells).toBe(
        2 * 2 * Number((await Bun.$`ls ${join(REPO, "tasks/demo")}`.text()).trim().split("\n").length),
      );
      expect(runs.length).toBe(cells);
      expect(new Set(runs.map((r: { id: string }) => r.id)).size).toBe(cells);
      expect(
        runs.every((r: { status: string; metrics: number }) => r.status === "done" && r.metrics === 7),
      ).toBe(true);
      const jobs = await db`SELECT id, state, retry_count FROM pgboss.job WHERE name = ${CELL_QUEUE}`;
      expect(jobs.every((j: { state: string }) => j.state === "completed")).toBe(true);
      // The killed worker's cell was taken again (by heartbeat expiry) and finished by the survivor.
      const retaken = jobs.filter((j: { retry_count: number }) => j.retry_count > 0);
      expect(retaken.length).toBe(1);
      expect(survivor.err).toContain(`take ${taken}`);
      expect((await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${DEAD_QUEUE}`)[0].n).toBe(0);
    } finally {
      await db.close();
    }
  });

  test("a worker whose task folder differs from the enqueued task refuses the cell: dead-lettered with the reason", async () => {
    const url = await database();
    const task = "demo/healthcare_01";
    const [enqueued, changed] = ["enqueued", "changed"].map((name) => {
      const root = join(dir, name);
      cpSync(join(REPO, "tasks", task), join(root, task), { recursive: true });
      return root;
    });
    const artifacts = join(changed!, task, "artifacts");
    const file = (readdirSync(artifacts, { recursive: true }) as string[])
      .sort()
      .find((f) => /\.\w+$/.test(f));
    appendFileSync(join(artifacts, file!), " ");
    const store = new RunStore(url);
    const services = defaultServices({ root: enqueued, store, judge: LEXICAL });
    const jobs = await extractiveJobs("mismatch", [task], services);
    const boss = await openQueue(url, { ...DEFAULT_POLICY, heartbeatSeconds: 10 }, { configure: true });
    const worker = await runWorker({
      boss,
      store,
      concurrency: 1,
      services: (judge) => defaultServices({ root: changed, store, judge }),
      log: () => {},
    });
    try {
      expect(await enqueue(boss, jobs)).toBe(1);
      expect(await enqueue(boss, jobs)).toBe(0);
      const final = await follow(boss, jobs, () => {}, 200);
      expect(final.failed).toBe(1);
      expect([...final.errors.values()][0]).toMatch(/task demo\/healthcare_01 differs from the enqueued one/);
      expect(store.listRuns()).toEqual([]);
      const db = new SQL(url);
      const [job] = await db`SELECT retry_count FROM pgboss.job WHERE name = ${CELL_QUEUE}`;
      const [dead] = await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${DEAD_QUEUE}`;
      await db.close();
      expect(job.retry_count).toBe(0); // refused at once, not retried
      expect(dead.n).toBe(1);
    } finally {
      await worker.stop();
      await boss.stop({ graceful: false });
      store.close();
    }
  });

  test("a transient failure is retried with growing delays and then finishes; a cell that keeps failing is dead-lettered with its reason", async () => {
    const url = await database();
    const store = new RunStore(url);
    const services = defaultServices({ root: join(REPO, "tasks"), store, judge: LEXICAL });
    const [flaky, broken] = ["demo/healthcare_01", "demo/legal_01"];
    const jobs = await extractiveJobs("retries", [flaky!, broken!], services);
    // Each attempt is logged; the flaky task fails its first attempt, the broken one every attempt.
    const attempts = new Map<string, number[]>();
    const policy = { ...DEFAULT_POLICY, heartbeatSeconds: 10, retryLimit: 2, retryDelaySeconds: 1 };
    const boss = await openQueue(url, policy, { configure: true });
    const worker = await runWorker({
      boss,
      store,
      concurrency: 2,
      services: (judge) => {
        const real = defaultServices({ root: join(REPO, "tasks"), store, judge });
        return {
          ...real,
          loadTask: async (ref: string) => {
            const times = attempts.get(ref) ?? [];
            times.push(Date.now());
            attempts.set(ref, times);
            if (ref === broken)
              throw new Error(`connection reset while reading ${ref} (attempt ${times.length})`);
            if (ref === flaky && times.length === 1) throw new Error("connection reset (transient)");
            return real.loadTask(ref);
          },
        };
      },
      log: () => {},
    });
    try {
      expect(await enqueue(boss, jobs)).toBe(2);
      const final = await follow(boss, jobs, () => {}, 200);
      expect({ completed: final.completed, failed: final.failed }).toEqual({ completed: 1, failed: 1 });
      // The flaky cell: one failure, one retry, finished and stored once.
      expect(attempts.get(flaky!)).toHaveLength(2);
      const flakyRun = store.listRuns({ task: flaky });
      expect(flakyRun.map((r) => r.status)).toEqual(["done"]);
      // The broken cell: the first attempt and retryLimit retries, each retry waiting longer (pg-boss backoff:
      // retryDelay × 2^n × (1 + random) seconds before retry n+1), then the dead-letter queue with the last reason.
      const times = attempts.get(broken!)!;
      expect(times).toHaveLength(1 + policy.retryLimit);
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      expect(gaps[0]!).toBeGreaterThanOrEqual(1000);
      expect(gaps[1]!).toBeGreaterThanOrEqual(2000);
      expect([...final.errors.values()]).toEqual([`connection reset while reading ${broken} (attempt 3)`]);
      const db = new SQL(url);
      try {
        const rows =
          await db`SELECT data, state, retry_count, output FROM pgboss.job WHERE name = ${CELL_QUEUE} ORDER BY retry_count`;
        expect(rows.map((r: { state: string; retry_count: number }) => [r.state, r.retry_count])).toEqual([
          ["completed", 1],
          ["failed", 2],
        ]);
        const dead = await db`SELECT data FROM pgboss.job WHERE name = ${DEAD_QUEUE}`;
        expect(dead.map((d: { data: { runId: string } }) => d.data.runId)).toEqual([rows[1].data.runId]);
        expect(rows[1].output.reason).toBe(`connection reset while reading ${broken} (attempt 3)`);
      } finally {
        await db.close();
      }
      expect(store.listRuns({ task: broken })).toEqual([]);
    } finally {
      await worker.stop();
      await boss.stop({ graceful: false });
      store.close();
    }
  });
});
