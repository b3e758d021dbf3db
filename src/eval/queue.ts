/**
 * @module Evaluation cells as jobs on PostgreSQL with pg-boss (https://github.com/timgit/pg-boss, v12), so one
 * database serves the shared store, the cache and the queue. `enqueueGrid` sends every cell of a grid under a job id
 * derived from its content-addressed run id (sending it again is a no-op); `runWorker` takes cells and runs them with
 * `evaluateCell` on the shared run store itself (a RunStore over the same database), so a cell's run is written
 * before its job completes, and a retried cell finds a finished run and reads it back. pg-boss supplies retries with
 * exponential backoff, a dead-letter queue that keeps the last error, and job heartbeats: a cell whose worker died
 * stops beating and is taken again by another worker.
 *
 * Tasks reach workers by content: every worker reads the task folder from its own task root (a shared disk, or a
 * copy), recomputes the task's content fingerprint and refuses the cell when it differs from the one the cell was
 * enqueued with. A refusal is that worker's (`queue-refusal.ts`): the cell goes back for a worker whose content
 * matches, and is dead-lettered, with every fingerprint in the reason, only when every live worker refused it or none
 * took it within `refusalDeadlineSeconds`.
 *
 * Enqueuing the same grid again re-enqueues its failed and dead-lettered cells with a fresh retry budget (their last
 * outcome kept in the job's `history`, their dead-letter copies kept), so a grid is resumed by re-running the command.
 * Take-over: a worker beats every heartbeat / 2; a job whose beat is older than a heartbeat is failed by the
 * supervisor, which every instance runs every heartbeat / 5, and retried after `retryDelaySeconds` × (1–2): a dead or
 * frozen worker's cell is free again within `takeOverBoundSeconds` of the kill, and a busy worker takes it when its
 * cell in hand ends (test/services/queue.test.ts measures it).
 */
import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { PgBoss } from "pg-boss";
import { z } from "zod";
import { agentFromSpec } from "../agents/index.ts";
import { noRunUsage, Split } from "../core/index.ts";
import { Protocol } from "../judge/evaluate.ts";
import { pidAlive } from "../store/owner.ts";
import type { RunStore } from "../store/run-store.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { Cell, type CellResult } from "./cells.ts";
import {
  cellLabel,
  cellRun,
  type EvaluateSuiteOptions,
  evaluateCell,
  finishedCell,
  gridCells,
} from "./evaluate-suite.ts";
import { taskFingerprint } from "./identity.ts";
import { releaseJob, resumeJob } from "./queue-jobs.ts";
import { Refusal, refusalVerdict } from "./queue-refusal.ts";
import type { Services } from "./services.ts";

export const CELL_QUEUE = "drflow-cells";
export const DEAD_QUEUE = "drflow-cells-dead";

/** How the queue treats a cell; the defaults suit minutes-long agent runs. */
export type QueuePolicy = {
  /** Attempts after the first before a cell is dead-lettered. */
  retryLimit: number;
  /** First retry delay in seconds, doubled (with jitter) on each retry. */
  retryDelaySeconds: number;
  /** A taken cell must beat this often (the worker beats at half of it); one that stops is taken again. */
  heartbeatSeconds: number;
  /** Longest a cell may run. */
  expireInSeconds: number;
  /** Longest a cell some worker refused (its task differs there) waits for a worker whose task matches. */
  refusalDeadlineSeconds: number;
};

export const DEFAULT_POLICY: QueuePolicy = {
  retryLimit: 3,
  retryDelaySeconds: 2,
  heartbeatSeconds: 30,
  expireInSeconds: 3 * 3600,
  refusalDeadlineSeconds: 15 * 60,
};

/** How often an idle worker asks for a cell. */
const POLLING_SECONDS = 0.5;

/**
 * How often every instance's supervisor looks for lost heartbeats: heartbeat / 5 (pg-boss's default is 60 s, which
 * made a take-over 62–64 s after a kill with a 10 s heartbeat).
 */
const supervisorPassSeconds = (policy: QueuePolicy) =>
  Math.max(1, Math.min(30, Math.floor(policy.heartbeatSeconds / 5)));

/**
 * The longest a dead worker's cell waits after the kill before an idle worker takes it: its last beat ages past a
 * heartbeat, the next supervisor pass fails it, its first retry waits up to 2 × `retryDelaySeconds`, and a worker's
 * next poll takes it.
 */
export const takeOverBoundSeconds = (policy: QueuePolicy) =>
  policy.heartbeatSeconds + supervisorPassSeconds(policy) + 2 * policy.retryDelaySeconds + POLLING_SECONDS;

/** A refused cell waits this long before any worker may take it again (so a refusing worker does not spin on it). */
const REFUSED_DELAY_SECONDS = 2;

/**
 * The longest wait before a retry. pg-boss doubles the delay with each attempt counted, and a refusal counts one (it
 * costs none of the budget: releaseJob raises the limit too), so a cell refused 19 times by a stale worker and then
 * retried after a kill waited a day (retry 2 s × 2^16 / 2; found by scripts/bench/soak.ts).
 */
const RETRY_DELAY_MAX_SECONDS = 60;

/** The prefix of a worker's name in pg-boss's instance registry, which is how workers find the live ones. */
const WORKER_NAME = "drflow-worker ";

/** One earlier outcome of a cell that was re-enqueued (kept on its job). */
export const CellHistory = z.object({
  state: z.string(),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  at: z.string().nullable(),
});

/** What a cell job carries: enough to rebuild the cell's identity and to check the task's content. */
export const CellJob = z.object({
  batch: z.string().min(1),
  cell: Cell,
  runId: z.string().min(1),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  /** The judge's identity and version (`judgeIdentity`), checked by the worker. */
  judge: z.string().min(1),
  /** What the worker builds the judge from: `lexical` or a judge model handle, and the LLM judge's protocol. */
  judgeName: z.string().min(1),
  judgeProtocol: Protocol.default("per-step"),
  modelOptions: z.record(z.string(), z.unknown()).optional(),
  /** Workers that refused the cell (their task or judge differs), while it waits for one whose content matches. */
  refusals: z.array(Refusal).default([]),
  /** Earlier outcomes, appended each time the cell is re-enqueued after failing. */
  history: z.array(CellHistory).default([]),
});
export type CellJob = z.infer<typeof CellJob>;

/** The job id of a run: a UUID (what pg-boss keys jobs by) made from the run id's hash. */
export function jobIdOf(runId: string): string {
  const h = createHash("sha256").update(runId).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A worker's name in the queue's instance registry: host, pid and a random tag. */
export function newWorkerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/**
 * Connect to pg-boss on the shared database and make sure both queues exist with the policy. `worker` names a worker
 * in pg-boss's instance registry (beating every heartbeat / 2), which is how a refusing worker counts the live ones.
 */
export async function openQueue(
  url: string,
  policy: QueuePolicy = DEFAULT_POLICY,
  options: { supervise?: boolean; configure?: boolean; worker?: string } = {},
): Promise<PgBoss> {
  const pass = supervisorPassSeconds(policy);
  const boss = new PgBoss({
    connectionString: url,
    max: 4,
    supervise: options.supervise ?? true,
    superviseIntervalSeconds: pass,
    monitorIntervalSeconds: pass,
    ...(options.worker
      ? {
          instanceName: `${WORKER_NAME}${options.worker}`,
          instanceHeartbeatSeconds: Math.max(1, Math.floor(policy.heartbeatSeconds / 2)),
        }
      : { instanceName: "drflow eval" }),
  });
  boss.on("error", (error) => console.error(`queue: ${(error as Error).message}`));
  await boss.start();
  await boss.createQueue(DEAD_QUEUE, { deleteAfterSeconds: 0 });
  const queue = {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: Math.max(RETRY_DELAY_MAX_SECONDS, policy.retryDelaySeconds),
    expireInSeconds: policy.expireInSeconds,
    heartbeatSeconds: policy.heartbeatSeconds,
    deadLetter: DEAD_QUEUE,
    // Finished cells stay (their job id is what makes enqueuing idempotent).
    deleteAfterSeconds: 0,
  };
  // The enqueuer sets the policy (`configure`); a worker creates the queue only if none exists yet.
  if (!(await boss.getQueue(CELL_QUEUE))) await boss.createQueue(CELL_QUEUE, queue);
  else if (options.configure) await boss.updateQueue(CELL_QUEUE, queue);
  return boss;
}

export type Grid = Pick<
  EvaluateSuiteOptions,
  "batch" | "tasks" | "splits" | "agents" | "models" | "repeats" | "judge" | "modelOptions" | "envEmbedder"
> & { loadTask(ref: string): Promise<LoadedTask>; judgeName: string; judgeProtocol?: Protocol };

/** Every cell of the grid with its job. */
export async function gridJobs(grid: Grid): Promise<CellJob[]> {
  const cells = gridCells(grid);
  const fingerprints = new Map<string, string>();
  for (const ref of grid.tasks) fingerprints.set(ref, await taskFingerprint(await grid.loadTask(ref)));
  return cells.map((cell) => {
    const fingerprint = fingerprints.get(cell.task)!;
    const { runId } = cellRun(grid, cell, fingerprint);
    return CellJob.parse({
      batch: grid.batch,
      cell,
      runId,
      fingerprint,
      judge: grid.judge ?? "custom",
      judgeName: grid.judgeName,
      judgeProtocol: grid.judgeProtocol ?? "per-step",
      ...(grid.modelOptions ? { modelOptions: grid.modelOptions } : {}),
    });
  });
}

export type EnqueueResult = {
  /** Cells sent for the first time. */
  added: number;
  /** Failed or dead-lettered cells sent again, with the error each had. */
  resumed: { runId: string; cell: CellJob["cell"]; error: string }[];
  /** Cells already queued, running or finished (or failed, when not resuming). */
  kept: number;
};

/**
 * Send the jobs. A cell already queued, running or finished is not sent again; a failed (dead-lettered) or cancelled
 * one is re-enqueued with `retries` retries, its history kept, unless `resume` is false.
 */
export async function enqueue(
  boss: PgBoss,
  jobs: readonly CellJob[],
  options: { resume?: boolean; retries?: number } = {},
): Promise<EnqueueResult> {
  const out: EnqueueResult = { added: 0, resumed: [], kept: 0 };
  for (const job of jobs) {
    const id = jobIdOf(job.runId);
    const found = await boss.getJobById(CELL_QUEUE, id);
    if (!found) {
      // A concurrent enqueuer may win the race: the insert of a taken id is ignored (null).
      if (await boss.send(CELL_QUEUE, job, { id })) out.added++;
      else out.kept++;
    } else if (
      (found.state === "failed" || found.state === "cancelled") &&
      options.resume !== false &&
      (await resumeJob(boss, CELL_QUEUE, id, options.retries ?? DEFAULT_POLICY.retryLimit))
    ) {
      out.resumed.push({ runId: job.runId, cell: job.cell, error: errorText(found.output) });
    } else out.kept++;
  }
  return out;
}

export type QueueState = { queued: number; active: number; retry: number; completed: number; failed: number };

/** Where each job of the batch stands. */
export async function jobStates(
  boss: PgBoss,
  jobs: readonly CellJob[],
): Promise<QueueState & { errors: Map<string, string> }> {
  const state = {
    queued: 0,
    active: 0,
    retry: 0,
    completed: 0,
    failed: 0,
    errors: new Map<string, string>(),
  };
  for (const job of jobs) {
    const found = await boss.getJobById(CELL_QUEUE, jobIdOf(job.runId));
    const s = found?.state ?? "created";
    if (s === "completed") state.completed++;
    else if (s === "failed" || s === "cancelled") {
      state.failed++;
      state.errors.set(job.runId, errorText(found?.output));
    } else if (s === "active") state.active++;
    else if (s === "retry") state.retry++;
    else state.queued++;
  }
  return state;
}

function errorText(output: unknown): string {
  if (output && typeof output === "object") {
    const o = output as { message?: unknown; reason?: unknown };
    if (typeof o.reason === "string") return o.reason;
    if (typeof o.message === "string") return o.message;
  }
  return output ? JSON.stringify(output) : "failed";
}

/** Poll until every job completed or failed, reporting each change; returns the final state. */
export async function follow(
  boss: PgBoss,
  jobs: readonly CellJob[],
  report: (state: QueueState) => void,
  intervalMs = 1000,
): Promise<QueueState & { errors: Map<string, string> }> {
  let last = "";
  for (;;) {
    const state = await jobStates(boss, jobs);
    const { errors: _e, ...counts } = state;
    const line = JSON.stringify(counts);
    if (line !== last) report(counts);
    last = line;
    if (state.completed + state.failed === jobs.length) return state;
    await Bun.sleep(intervalMs);
  }
}

/** The grid's results as the shared store holds them: finished cells read back, others failed. */
export function readBack(
  store: RunStore,
  jobs: readonly CellJob[],
  errors: Map<string, string>,
): CellResult[] {
  return jobs.map(
    (job) =>
      finishedCell(store, job.cell, job.runId) ?? {
        cell: job.cell,
        runId: job.runId,
        status: "failed",
        metrics: {},
        not_applicable: [],
        usage: noRunUsage(),
        error: errors.get(job.runId) ?? store.getRun(job.runId)?.error ?? "not finished",
      },
  );
}

export type WorkerOptions = {
  boss: PgBoss;
  /** The shared run store (on the queue's database): cells' runs are claimed and written there. */
  store: RunStore;
  /** Services over `store` (task root, environments, models) with the judge a job names (`lexical` or a handle). */
  services(judgeName: string, judgeProtocol: Protocol): Services;
  /** Cells run at once by this worker. */
  concurrency: number;
  /** Wait this long after taking a cell before running it (fault-injection tests and demos). */
  pauseMs?: number;
  log?: (line: string) => void;
  /** This worker's name in the queue's registry (`openQueue`'s `worker`); refusals are recorded under it. */
  name: string;
  /** The queue policy the worker opened the queue with (grace and deadline of refusals). */
  policy?: QueuePolicy;
};

/** A cell no worker can run (a malformed job, a cell whose identity differs): dead-lettered at once. */
class Refused extends Error {}

/** A cell this worker cannot run but another may: its task or judge differs here. */
class Mismatch extends Error {
  constructor(
    readonly what: string,
    readonly expected: string,
    readonly has: string,
  ) {
    super(`${what} differs from the enqueued one`);
  }
}

/**
 * Whether a registered worker is alive. On this host its pid says so (a dead one at once, a busy or stopped one stays
 * alive): pg-boss's own `live` is a heartbeat from the worker's event loop, which a worker busy on CPU misses — under
 * load, three correct workers building indexes read as gone and a stale worker dead-lettered 13 of 200 cells as
 * refused "by every live worker" (scripts/bench/soak.ts). Another host's worker is live by its heartbeat.
 */
function workerLive(instance: { host?: string; pid?: number; live?: boolean; stoppedOn?: unknown }): boolean {
  if (instance.stoppedOn) return false;
  if (instance.host === hostname() && typeof instance.pid === "number") return pidAlive(instance.pid);
  return instance.live === true;
}

/** Take and run cells until `stop()` is called. */
export async function runWorker(options: WorkerOptions): Promise<{ stop(): Promise<void> }> {
  const log = options.log ?? ((line: string) => console.error(line));
  const serviceCache = new Map<string, Services>();
  const servicesFor = (judgeName: string, judgeProtocol: Protocol) => {
    const key = `${judgeProtocol} ${judgeName}`;
    let s = serviceCache.get(key);
    if (!s) {
      s = options.services(judgeName, judgeProtocol);
      serviceCache.set(key, s);
    }
    return s;
  };
  const runJob = async (data: unknown, retryCount: number): Promise<void> => {
    const parsed = CellJob.safeParse(data);
    if (!parsed.success) throw new Refused(`malformed cell job: ${parsed.error.issues[0]?.message}`);
    const job = parsed.data;
    const services = servicesFor(job.judgeName, job.judgeProtocol);
    if (services.judge !== job.judge)
      throw new Mismatch("the judge's version", `judge ${job.judge}`, `judge ${services.judge}`);
    const loaded = await services.loadTask(job.cell.task);
    const fingerprint = await taskFingerprint(loaded);
    if (fingerprint !== job.fingerprint)
      throw new Mismatch(`task ${job.cell.task}`, job.fingerprint, fingerprint);
    const agent = agentFromSpec(job.cell.agent);
    // A retried cell's earlier worker stopped beating (or failed): its run, if still `running`, is released at once
    // rather than after the store's own staleness window (a worker on another host has no pid to check). A run it
    // finished before dying is read back by evaluateCell, not run again.
    if (retryCount > 0)
      options.store.releaseRun(job.runId, "its worker stopped; the queue gave the cell to another");
    log(`take ${job.runId} ${cellLabel(job.cell)}`);
    if (options.pauseMs) await Bun.sleep(options.pauseMs);
    const result = await evaluateCell(
      {
        ...services,
        batch: job.batch,
        tasks: [job.cell.task],
        splits: [Split.parse(job.cell.split)],
        agents: [{ spec: job.cell.agent, agent }],
        models: [job.cell.model],
        repeats: job.cell.repeat + 1,
        store: options.store,
        judge: job.judge,
        modelOptions: job.modelOptions,
      },
      job.cell,
      async () => ({ loaded, fingerprint }),
    );
    if (result.runId !== job.runId)
      throw new Refused(`cell identity differs: ran ${result.runId}, job is ${job.runId}`);
    // The run is stored before the job completes: a worker dying in between leaves a job that is retried and finds it done.
    if (result.status === "failed") throw new Error(result.error ?? "cell failed");
    log(`done ${job.runId} ${result.status}`);
  };
  const policy = options.policy ?? DEFAULT_POLICY;
  /** This worker refuses the cell: released for another worker, or dead-lettered when none is left to take it. */
  const refuse = async (job: { id: string; retryCount: number; data: unknown }, mismatch: Mismatch) => {
    const live = new Set(
      (await options.boss.getInstances())
        .filter((i) => i.name?.startsWith(WORKER_NAME) && workerLive(i))
        .map((i) => i.name!.slice(WORKER_NAME.length)),
    );
    const verdict = refusalVerdict({
      me: options.name,
      has: mismatch.has,
      expected: mismatch.expected,
      what: mismatch.what,
      earlier: CellJob.shape.refusals.safeParse((job.data as { refusals?: unknown })?.refusals).data ?? [],
      liveWorkers: live,
      now: new Date(),
      graceMs: policy.heartbeatSeconds * 1000,
      deadlineMs: policy.refusalDeadlineSeconds * 1000,
    });
    if (verdict.action === "release") {
      const released = await releaseJob(options.boss, CELL_QUEUE, job, {
        delaySeconds: REFUSED_DELAY_SECONDS,
        refusals: verdict.refusals,
        reason: verdict.reason,
      });
      log(`refuse ${job.id}: ${verdict.reason}${released ? "" : " (no longer this worker's)"}`);
      // Settling a released job is a no-op (it is no longer active under this attempt).
      return { id: job.id, status: "failed" as const, output: { reason: verdict.reason } };
    }
    log(`fail ${job.id}: ${verdict.reason}`);
    return { id: job.id, status: "deadletter" as const, output: { reason: verdict.reason } };
  };
  const workerId = await options.boss.work<unknown>(
    CELL_QUEUE,
    {
      batchSize: 1,
      localConcurrency: options.concurrency,
      pollingIntervalSeconds: POLLING_SECONDS,
      perJobResults: true,
    },
    async (jobs) => {
      const out = [];
      for (const job of jobs) {
        try {
          await runJob(job.data, job.retryCount);
          out.push({ id: job.id, status: "completed" as const });
        } catch (error) {
          if (error instanceof Mismatch) {
            out.push(await refuse(job, error));
            continue;
          }
          const message = (error as Error).message;
          log(`fail ${job.id}: ${message}`);
          const status = error instanceof Refused ? ("deadletter" as const) : ("failed" as const);
          out.push({ id: job.id, status, output: { reason: message } });
        }
      }
      return out;
    },
  );
  return {
    stop: async () => {
      await options.boss.offWork(CELL_QUEUE, { id: workerId, wait: true });
    },
  };
}
