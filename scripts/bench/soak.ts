/**
 * @module Soak: the queue under worker kills, stops and a stale worker, then the API under mixed load (loopback only,
 * bounded in time). Part 1 spreads a `--repeats`-fold demo grid (10 tasks × 2 splits × repeats = 200 cells by
 * default) over `drflow worker` processes on a private PostgreSQL while, every `--chaos-s` seconds, a worker is
 * SIGKILLed and replaced, SIGSTOPped for two heartbeats, or stopped with SIGTERM and replaced; one stale worker (a task
 * copy whose files differ) runs throughout. It prints lost cells (no done run), doubled ones (run to the end twice)
 * and failed ones (failed runs, dead-lettered jobs). Part 2 runs `drflow serve` for `--minutes` with `--clients`
 * concurrent clients mixing health, task reads, judge and env jobs, run lists and bad requests; it prints errors,
 * latency percentiles per kind and the server's RSS over time.
 *
 *   bun scripts/bench/soak.ts [--minutes 10] [--repeats 10] [--workers 3] [--heartbeat 10] [--chaos-s 4] [--clients 4]
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SQL } from "bun";
import { CELL_QUEUE, DEAD_QUEUE } from "../../src/eval/queue.ts";
import { type CliProcess, staleCopy, startCli, until } from "../../test/support/cli-process.ts";
import { startPostgres } from "../services/postgres.ts";
import { benchArgs, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/soak.ts [options]
  Part 1: a demo grid over drflow worker processes (private PostgreSQL) with kills, stops and a stale worker: lost,
  doubled and failed cells. Part 2: drflow serve under mixed load: errors, latency percentiles, RSS over time.

  --minutes <m>     length of the API part (default 10)
  --repeats <n>     repeats of the demo grid (10 tasks × 2 splits × n cells; default 10 = 200 cells)
  --workers <n>     correct workers kept running (default 3), besides one stale worker
  --heartbeat <s>   queue heartbeat, at least 10 (pg-boss's minimum; default 10)
  --chaos-s <s>     seconds between disruptions (default 4)
  --clients <n>     concurrent API clients (default 4)
  --skip-queue      only the API part
  -h, --help        this text
`;

const values = benchArgs("soak", USAGE, {
  minutes: { type: "string", default: "10" },
  repeats: { type: "string", default: "10" },
  workers: { type: "string", default: "3" },
  heartbeat: { type: "string", default: "10" },
  "chaos-s": { type: "string", default: "4" },
  clients: { type: "string", default: "4" },
  "skip-queue": { type: "boolean", default: false },
});
const REPO = resolve(import.meta.dir, "../..");
const TASKS = join(REPO, "tasks");
const dir = mkdtempSync(join(tmpdir(), "drflow-soak-"));
const heartbeat = Number(values.heartbeat);
const pct = (xs: number[], p: number) =>
  xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

type Proc = CliProcess & { stopped: boolean };
// The same object startCli fills as output arrives (a copy would never see it).
const start = (args: string[], env: Record<string, string> = {}): Proc =>
  Object.assign(startCli(args, dir, env), { stopped: false });

async function queueSoak(): Promise<Record<string, number>> {
  const pg = await startPostgres();
  const env = { DRFLOW_DATABASE_URL: pg.url };
  const index = join(dir, "index");
  const grid = ["--suite", "demo", "--agents", "extractive", "--split", "original,mixed"];
  const expected = readdirSync(join(TASKS, "demo")).length * 2 * Number(values.repeats);
  const all: Proc[] = [];
  const worker = (root: string) => {
    const p = start(["worker", "--root", root, "--index-dir", index, "--heartbeat", String(heartbeat)], env);
    all.push(p);
    return p;
  };
  const demo = readdirSync(join(TASKS, "demo")).map((id) => `demo/${id}`);
  const stale = worker(staleCopy(TASKS, join(dir, "stale"), demo));
  let correct = Array.from({ length: Number(values.workers) }, () => worker(TASKS));
  const events = { kills: 0, stops: 0, terms: 0 };
  const t0 = performance.now();
  try {
    await until(
      "the workers to start",
      () => {
        const gone = all.find((w) => w.child.exitCode !== null);
        if (gone) throw new Error(`a worker exited at start: ${gone.err.trim()}`);
        return all.every((w) => w.err.includes("taking cells"));
      },
      600_000,
    );
    const queued = start(
      [
        "eval",
        ...grid,
        "--repeats",
        values.repeats!,
        "--root",
        TASKS,
        "--queue",
        "--heartbeat",
        String(heartbeat),
      ],
      env,
    );
    let finished = false;
    const code = queued.exited.then((c) => {
      finished = true;
      return c;
    });
    while (!finished) {
      await Promise.race([Bun.sleep(Number(values["chaos-s"]) * 1000), code]);
      if (finished) break;
      // Only registered workers count: a replacement still starting is not one yet, and one correct worker that
      // takes cells always stays (else the stale worker is rightly the only live one and dead-letters what it refuses).
      const live = correct.filter(
        (w) => !w.stopped && w.child.exitCode === null && w.err.includes("taking cells"),
      );
      if (live.length < 2) continue;
      const victim = live[Math.floor(Math.random() * live.length)]!;
      const action = ["kill", "stop", "term"][Math.floor(Math.random() * 3)]!;
      if (action === "stop") {
        events.stops++;
        victim.stopped = true;
        victim.child.kill("SIGSTOP");
        setTimeout(
          () => {
            victim.child.kill("SIGCONT");
            victim.stopped = false;
          },
          2 * heartbeat * 1000,
        );
        continue;
      }
      victim.child.kill(action === "kill" ? "SIGKILL" : "SIGTERM");
      if (action === "kill") events.kills++;
      else events.terms++;
      correct = correct.filter((w) => w !== victim);
      correct.push(worker(TASKS));
    }
    const exitCode = await code;
    const seconds = (performance.now() - t0) / 1000;
    const db = new SQL(pg.url);
    const runs = (await db`SELECT id, status FROM runs WHERE kind = 'agent'`) as {
      id: string;
      status: string;
    }[];
    const [dead] = await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${DEAD_QUEUE}`;
    const [jobs] = await db`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${CELL_QUEUE}`;
    await db.close();
    const ranToEnd = new Map<string, number>();
    for (const w of all)
      for (const m of w.err.matchAll(/^worker \d+: done (\S+) done$/gm))
        ranToEnd.set(m[1]!, (ranToEnd.get(m[1]!) ?? 0) + 1);
    const done = new Set(runs.filter((r) => r.status === "done").map((r) => r.id)).size;
    const figures = {
      cells: expected,
      enqueued: jobs.n,
      lost: expected - done,
      doubled: [...ranToEnd.values()].filter((n) => n > 1).length,
      failed: runs.filter((r) => r.status === "failed").length + dead.n,
      kills: events.kills,
      stops: events.stops,
      terms: events.terms,
      stale_refusals: (stale.err.match(/^worker \d+: refuse /gm) ?? []).length,
      seconds: Number(seconds.toFixed(1)),
      eval_exit: exitCode,
    };
    console.log(
      `queue: ${expected} cells (${jobs.n} enqueued) over ${values.workers} workers + 1 stale, heartbeat ${heartbeat} s, in ${seconds.toFixed(0)} s with ${events.kills} kill -9, ${events.stops} SIGSTOP (${2 * heartbeat} s), ${events.terms} SIGTERM: lost ${figures.lost}, doubled ${figures.doubled}, failed ${figures.failed}; stale worker refused ${figures.stale_refusals} time(s); eval --queue exit ${exitCode}`,
    );
    if (exitCode !== 0) console.log(queued.err.trim().split("\n").slice(-5).join("\n"));
    return figures;
  } finally {
    for (const w of all) {
      w.child.kill("SIGCONT");
      w.child.kill("SIGKILL");
    }
    await Promise.all(all.map((w) => w.exited));
    await pg.stop();
  }
}

type Kind = "health" | "tasks" | "task" | "judge" | "env" | "runs" | "bad";

async function apiSoak(): Promise<Record<string, number>> {
  const root = join(dir, "api-tasks");
  cpSync(join(TASKS, "demo"), join(root, "demo"), { recursive: true });
  const ids = readdirSync(join(root, "demo")).sort();
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = start(
    ["serve", "--port", String(port), "--root", root, "--store", join(dir, "api.sqlite")],
    {
      DRFLOW_STATE: join(dir, "state"),
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const json = { "content-type": "application/json" };
  const latency = new Map<Kind, number[]>();
  const errors: string[] = [];
  const rss: number[] = [];
  const record = (kind: Kind, ms: number) => latency.set(kind, [...(latency.get(kind) ?? []), ms]);
  const markdown = (id: string) =>
    `# Workflow for ${id}\n\n## Personalized workflow\n\n1. **Open the case** — read the request and confirm who it concerns.\n2. **Check the policy** — find the rule that applies and follow it.\n`;
  async function finish(url: string): Promise<string> {
    for (;;) {
      const j = (await (await fetch(`${base}${url}?wait=30`)).json()) as {
        status: string;
        finished_at: string | null;
      };
      if (j.finished_at) return j.status;
    }
  }
  async function one(kind: Kind, i: number): Promise<void> {
    const id = ids[i % ids.length]!;
    const t = performance.now();
    let res: Response;
    let expect = 200;
    switch (kind) {
      case "health":
        res = await fetch(`${base}/health`);
        break;
      case "tasks":
        res = await fetch(`${base}/tasks?suite=demo`);
        break;
      case "task":
        res = await fetch(`${base}/tasks/demo/${id}`);
        break;
      case "runs":
        res = await fetch(`${base}/runs`);
        break;
      case "bad":
        expect = i % 2 ? 404 : 400;
        res =
          i % 2
            ? await fetch(`${base}/tasks/demo/no_such_task`)
            : await fetch(`${base}/judge`, { method: "POST", headers: json, body: "{" });
        break;
      case "judge":
      case "env": {
        const body =
          kind === "judge"
            ? { task: `demo/${id}`, markdown: markdown(id) }
            : { task: `demo/${id}`, split: i % 2 ? "mixed" : "original" };
        res = await fetch(`${base}/${kind}`, { method: "POST", headers: json, body: JSON.stringify(body) });
        expect = 202;
        if (res.status === 202) {
          const status = await finish(((await res.json()) as { url: string }).url);
          if (status !== "done") errors.push(`${kind} demo/${id}: job ${status}`);
          record(kind, performance.now() - t);
          return;
        }
        break;
      }
    }
    await res.arrayBuffer();
    if (res.status !== expect && !(res.status === 503 && (kind === "judge" || kind === "env")))
      errors.push(`${kind}: HTTP ${res.status}, expected ${expect}`);
    record(kind, performance.now() - t);
  }
  const mix: Kind[] = ["health", "health", "health", "tasks", "task", "task", "runs", "bad", "judge", "env"];
  try {
    await until("the server to answer", () => server.out.includes("drflow API on"), 120_000);
    const end = Date.now() + Number(values.minutes) * 60_000;
    const sampler = setInterval(() => rss.push(rssOf(server.child.pid!)), 10_000);
    rss.push(rssOf(server.child.pid!));
    let n = 0;
    await Promise.all(
      Array.from({ length: Number(values.clients) }, async () => {
        while (Date.now() < end) {
          const i = n++;
          try {
            await one(mix[i % mix.length]!, i);
          } catch (error) {
            errors.push(`${mix[i % mix.length]}: ${(error as Error).message}`);
          }
        }
      }),
    );
    clearInterval(sampler);
    rss.push(rssOf(server.child.pid!));
    const total = [...latency.values()].reduce((s, xs) => s + xs.length, 0);
    console.log(
      `API: ${total} requests in ${values.minutes} min from ${values.clients} clients, ${errors.length} error(s)${errors.length ? `: ${[...new Set(errors)].slice(0, 5).join("; ")}` : ""}`,
    );
    for (const [kind, xs] of latency)
      console.log(
        `  ${kind.padEnd(6)} n=${String(xs.length).padStart(5)}  p50 ${pct(xs, 0.5).toFixed(1)} ms  p90 ${pct(xs, 0.9).toFixed(1)} ms  p99 ${pct(xs, 0.99).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms`,
      );
    console.log(`  server RSS every 10 s: ${rss.map((x) => x.toFixed(0)).join(" → ")} MB`);
    const health = latency.get("health") ?? [];
    return {
      requests: total,
      errors: errors.length,
      health_p99_ms: Number(pct(health, 0.99).toFixed(1)),
      rss_start_mb: Number(rss[0]!.toFixed(0)),
      rss_max_mb: Number(Math.max(...rss).toFixed(0)),
      rss_end_mb: Number(rss.at(-1)!.toFixed(0)),
    };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}

try {
  const queue = values["skip-queue"] ? {} : await queueSoak();
  const api = await apiSoak();
  headline(
    "soak",
    `${values["skip-queue"] ? "" : `queue: lost ${queue.lost}, doubled ${queue.doubled}, failed ${queue.failed} of ${queue.cells} cells; `}API: ${api.errors} errors in ${api.requests} requests over ${values.minutes} min, /health p99 ${api.health_p99_ms} ms, RSS ${api.rss_start_mb} → max ${api.rss_max_mb} → ${api.rss_end_mb} MB`,
    {
      ...Object.fromEntries(Object.entries(queue).map(([k, v]) => [`queue_${k}`, v])),
      ...Object.fromEntries(Object.entries(api).map(([k, v]) => [`api_${k}`, v])),
    },
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
