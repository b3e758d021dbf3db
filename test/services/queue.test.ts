/**
 * The demo grid (extractive agent, lexical judge, both splits, 2 repeats) spread by `drflow eval --queue` over two
 * `drflow worker` processes on a real PostgreSQL, one SIGKILLed while it holds a cell: every cell finishes exactly
 * once, the cell is taken again within the policy's take-over bound (plus the survivor's cell in hand), and the
 * summary equals a single-process `drflow eval` on SQLite.
 * Dead-lettered cells finish when the same command is re-run after the cause is fixed; a worker whose task folder
 * differs refuses a cell for itself only, so with a correct worker beside it no cell is lost.
 */
import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
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
  newWorkerName,
  openQueue,
  type QueuePolicy,
  runWorker,
  takeOverBoundSeconds,
} from "../../src/eval/queue.ts";
import { defaultServices, LEXICAL, type Services } from "../../src/eval/services.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { CORPUS_DIR } from "../../src/store/task-store.ts";
import { type CliProcess, staleCopy as staleCopyOf, startCli, until } from "../support/cli-process.ts";
import { describePostgres } from "../support/postgres.ts";

setDefaultTimeout(600_000);

const REPO = resolve(import.meta.dir, "../..");
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

const start = (args: string[], env: Record<string, string> = {}) => startCli(args, dir, env);
const staleCopy = (name: string, tasks: string[]) => staleCopyOf(join(REPO, "tasks"), join(dir, name), tasks);

/** How long each cell a `drflow worker` finished took, from its `take` to its `done` line, as the lines arrive. */
function cellTimes(worker: CliProcess): { id: string; ms: number }[] {
  const cells: { id: string; ms: number }[] = [];
  const taken = new Map<string, number>();
  let partial = "";
  worker.child.stderr!.on("data", (d) => {
    const lines = (partial + String(d)).split("\n");
    partial = lines.pop()!;
    for (const line of lines) {
      const [, verb, id] = /: (take|done) (\S+)/.exec(line) ?? [];
      if (verb === "take") taken.set(id!, Date.now());
      if (verb === "done" && taken.has(id!)) cells.push({ id: id!, ms: Date.now() - taken.get(id!)! });
    }
  });
  return cells;
}

/** An in-process worker registered with the queue under its own name (as `drflow worker` is). */
async function startWorker(url: string, store: RunStore, root: string, policy: QueuePolicy, log: string[]) {
  const name = newWorkerName();
  const boss = await openQueue(url, policy, { worker: name });
  const handle = await runWorker({
    boss,
    store,
    concurrency: 2,
    name,
    policy,
    services: (judge) => defaultServices({ root, store, judge }),
    log: (line) => {
      log.push(line);
      if (process.env.QDEBUG) console.error(line);
    },
  });
  return {
    name,
    stop: async () => {
      await handle.stop();
      await boss.stop({ graceful: false });
    },
  };
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
    const survivorCells = cellTimes(survivor);
    await Bun.sleep(500);
    victim.child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await victim.exited).toBe(128);
    // Take-over within the policy's bound of the kill (pg-boss's 60 s supervisor pass made it 62–64 s before), or
    // later by the cell the survivor held then (it runs one at a time), plus a second of process scheduling.
    await until("the survivor to take the killed cell", () => survivor.err.includes(`take ${taken}`), 60_000);
    const takeOverMs = Date.now() - killedAt;
    const boundMs = takeOverBoundSeconds({ ...DEFAULT_POLICY, heartbeatSeconds: 10 }) * 1000;
    const inHandMs = Math.max(0, ...survivorCells.filter((c) => c.id !== taken).map((c) => c.ms));
    console.log(
      `take-over ${(takeOverMs / 1000).toFixed(1)} s after the kill (--heartbeat 10; bound ${(boundMs / 1000).toFixed(1)} s + the survivor's longest cell ${(inHandMs / 1000).toFixed(1)} s)`,
    );
    expect(takeOverMs).toBeLessThanOrEqual(boundMs + inHandMs + 1000);

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
        2 * 2 * readdirSync(join(REPO, "tasks/demo")).filter((id) => id !== CORPUS_DIR).length,
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

  test("a worker whose task folder differs refuses the cell; alone, it dead-letters it with both fingerprints after a heartbeat", async () => {
    const url = await database();
    const task = "demo/healthcare_01";
    const changed = staleCopy("changed", [task]);
    const store = new RunStore(url);
    const services = defaultServices({ root: join(REPO, "tasks"), store, judge: LEXICAL });
    const jobs = await extractiveJobs("mismatch", [task], services);
    const policy = { ...DEFAULT_POLICY, heartbeatSeconds: 10 };
    const boss = await openQueue(url, policy, { configure: true, supervise: false });
    const log: string[] = [];
    const stale = await startWorker(url, store, changed, policy, log);
    try {
      expect((await enqueue(boss, jobs)).added).toBe(1);
      expect(await enqueue(boss, jobs)).toEqual({ added: 0, resumed: [], kept: 1 });
      const started = Date.now();
      const final = await follow(boss, jobs, () => {}, 200);
      expect(final.failed).toBe(1);
      // Not at once: refused and left for another worker until the grace of one heartbeat showed there is none.
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
      expect(log.filter((l) => l.startsWith("refuse ")).length).toBeGreaterThanOrEqual(2);
      const reason = [...final.errors.values()][0]!;
      const enqueuedPrint = jobs[0]!.fingerprint.slice(0, 12);
      expect(reason).toMatch(
        new RegExp(
          `^task demo/healthcare_01 differs from the enqueued one on every live worker \\(enqueued content ${enqueuedPrint}; worker ${hostname()}:\\d+:[0-9a-f]{6} has content [0-9a-f]{12}\\)`,
        ),
      );
      expect(reason.match(/content ([0-9a-f]{12})/g)![1]).not.toBe(`content ${enqueuedPrint}`);
      expect(store.listRuns()).toEqual([]);
      const db = new SQL(url);
      const [dead] = await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${DEAD_QUEUE}`;
      const [job] = await db`SELECT retry_count, retry_limit FROM pgboss.job WHERE name = ${CELL_QUEUE}`;
      await db.close();
      expect(dead.n).toBe(1);
      // Refusals cost no attempt: every release raised the limit with the count.
      expect(job.retry_limit - job.retry_count).toBe(DEFAULT_POLICY.retryLimit);
    } finally {
      await stale.stop();
      await boss.stop({ graceful: false });
      store.close();
    }
  });

  test("one stale and one correct worker: the stale one refuses, the correct one runs every cell; none is lost", async () => {
    const url = await database();
    const tasks = readdirSync(join(REPO, "tasks/demo"))
      .filter((id) => id !== CORPUS_DIR)
      .sort()
      .slice(0, 6)
      .map((id) => `demo/${id}`);
    const stale = staleCopy("stale", tasks);
    const store = new RunStore(url);
    const services = defaultServices({ root: join(REPO, "tasks"), store, judge: LEXICAL });
    const jobs = await extractiveJobs("stale-and-correct", tasks, services);
    const policy = { ...DEFAULT_POLICY, heartbeatSeconds: 10 };
    const boss = await openQueue(url, policy, { configure: true, supervise: false });
    const staleLog: string[] = [];
    const correctLog: string[] = [];
    // The stale worker starts first and takes the first cells.
    const staleWorker = await startWorker(url, store, stale, policy, staleLog);
    let correct: Awaited<ReturnType<typeof startWorker>> | null = null;
    try {
      expect((await enqueue(boss, jobs)).added).toBe(tasks.length);
      await until("the stale worker to refuse a cell", () => staleLog.some((l) => l.startsWith("refuse ")));
      correct = await startWorker(url, store, join(REPO, "tasks"), policy, correctLog);
      const final = await follow(boss, jobs, () => {}, 200);
      expect({ completed: final.completed, failed: final.failed }).toEqual({
        completed: tasks.length,
        failed: 0,
      });
      const runs = store.listRuns();
      expect(runs.map((r) => r.status)).toEqual(tasks.map(() => "done"));
      expect(new Set(runs.map((r) => r.task))).toEqual(new Set(tasks));
      expect(correctLog.filter((l) => l.startsWith("done ")).length).toBe(tasks.length);
      expect(staleLog.some((l) => l.startsWith("done "))).toBe(false);
      expect(staleLog.find((l) => l.startsWith("refuse "))).toContain(
        "left for a worker whose content matches",
      );
      const db = new SQL(url);
      const [dead] = await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${DEAD_QUEUE}`;
      await db.close();
      expect(dead.n).toBe(0);
    } finally {
      await staleWorker.stop();
      await correct?.stop();
      await boss.stop({ graceful: false });
      store.close();
    }
  });

  test("dead-lettered cells finish when the same eval --queue is re-run after the cause is fixed; the table equals a local run", async () => {
    const url = await database();
    const grid = [
      "--suite",
      "demo",
      "--agents",
      "extractive",
      "--split",
      "original",
      "--root",
      join(REPO, "tasks"),
    ];
    const index = join(dir, "index-resume");
    const local = start(["eval", ...grid, "--store", join(dir, "local.sqlite"), "--index-dir", index]);
    expect(await local.exited).toBe(0);
    // The worker's task folder lacks three tasks: their cells fail and, with no retries, are dead-lettered.
    const workerRoot = join(dir, "partial");
    cpSync(join(REPO, "tasks"), workerRoot, { recursive: true });
    const missing = readdirSync(join(workerRoot, "demo"))
      .filter((id) => id !== CORPUS_DIR)
      .sort()
      .slice(0, 3);
    for (const id of missing) rmSync(join(workerRoot, "demo", id), { recursive: true });
    const env = { DRFLOW_DATABASE_URL: url };
    const worker = start(["worker", "--root", workerRoot, "--index-dir", index, "--heartbeat", "10"], env);
    await until("the worker to start", () => worker.err.includes("taking cells"));
    const command = ["eval", ...grid, "--queue", "--heartbeat", "10", "--retries", "0"];
    const first = start(command, env);
    expect(await first.exited).toBe(1);
    expect(first.err).toContain(
      "10 cells, 10 enqueued, 0 re-enqueued after failing, 0 already queued or finished",
    );
    expect(first.err).toMatch(/queue: 7\/10 done, 0 running, 0 to retry, 0 waiting, 3 failed/);
    // The cause is fixed; the same command re-enqueues the dead-lettered cells, which now finish.
    for (const id of missing)
      cpSync(join(REPO, "tasks/demo", id), join(workerRoot, "demo", id), { recursive: true });
    const again = start(command, env);
    expect(await again.exited).toBe(0);
    expect(again.err).toContain(
      "10 cells, 0 enqueued, 3 re-enqueued after failing, 7 already queued or finished",
    );
    expect(again.err).toContain(`again: demo/${missing[0]} extractive original (it failed:`);
    expect(again.out).toBe(local.out);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    const db = new SQL(url);
    try {
      const jobs = await db`SELECT state, data FROM pgboss.job WHERE name = ${CELL_QUEUE}`;
      expect(jobs.every((j: { state: string }) => j.state === "completed")).toBe(true);
      // Their history is kept: on the job, the earlier failure; in the dead-letter queue, its copy.
      const resumed = jobs.filter((j: { data: { history: unknown[] } }) => j.data.history?.length);
      expect(resumed.length).toBe(3);
      expect(resumed[0].data.history[0]).toMatchObject({ state: "failed", attempts: 1 });
      expect(resumed[0].data.history[0].reason).toContain("expected the file to exist");
      expect((await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${DEAD_QUEUE}`)[0].n).toBe(3);
    } finally {
      await db.close();
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
      name: newWorkerName(),
      policy,
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
      expect((await enqueue(boss, jobs)).added).toBe(2);
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
