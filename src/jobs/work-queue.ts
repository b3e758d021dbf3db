/**
 * @module Long work (judging, environment loading, generation) as jobs, shared by the API's routes and the studio's
 * create pages: a request gets a job id at once (202) and the work runs off the request path, at most `concurrency` at
 * a time, with its stage as progress. Clients poll `GET /jobs/:id` (optionally waiting up to a minute for the end).
 *
 * Memory is bounded: a finished job keeps its result as JSON text, and past `RESULT_BUDGET_BYTES` of such text the
 * oldest results move to files (read back when asked for, removed with their job), so a server that judged 200 large
 * reports returns to its idle footprint instead of holding every result (a 5,000-step judge result is ~7 MB).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

/** The queue is full: the request is refused (the API answers 503 with `Retry-After`), never held in memory. */
export class QueueFull extends Error {
  readonly retryAfterSeconds = 5;
}

export const WorkKind = z.enum(["judge", "env", "generate"]);
export type WorkKind = z.infer<typeof WorkKind>;

export const WorkJob = z.object({
  id: z.string(),
  kind: WorkKind,
  status: z.enum(["queued", "running", "done", "failed"]),
  /** What the job is doing now, e.g. `queued`, `building the index`, `judging`, `done`. */
  stage: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  /** The route's response body once done (e.g. `{ task, metrics }` for a judge job); null before. */
  result: z.unknown().nullable(),
  url: z.string(),
});
export type WorkJob = z.infer<typeof WorkJob>;

/** Jobs run at once; the rest wait in order. */
export const WORK_CONCURRENCY = 2;
/** Jobs waiting for a slot at most; beyond this a request is refused (503) rather than held in memory. */
export const MAX_QUEUED = 32;
/** Finished jobs kept for clients to collect; the oldest are dropped beyond this. */
export const KEEP_FINISHED_WORK = 200;
/** Results kept in memory (as JSON text) at most; older ones are kept in files. */
export const RESULT_BUDGET_BYTES = 8 * 1024 * 1024;

export type WorkQueueOptions = {
  /** Where results past the budget are written (default: a temporary folder, removed when the process exits). */
  spillDir?: string;
  resultBudgetBytes?: number;
};

/** A job as held: its result as JSON text in memory, or in a file, never as the object graph. */
type Held = Omit<WorkJob, "result"> & { resultText: string | null; resultFile: string | null };

export type Work<T> = (stage: (text: string) => void) => Promise<T>;

export class WorkQueue {
  private readonly jobs = new Map<string, Held>();
  private readonly waiting: (() => void)[] = [];
  private readonly ended = new Map<string, Promise<void>>();
  /** Jobs whose result text is in memory, oldest first, and its total length. */
  private readonly inMemory: Held[] = [];
  private heldBytes = 0;
  private spillDir: string | null;
  private readonly budget: number;
  private running = 0;
  private counter = 0;

  constructor(
    private readonly concurrency = WORK_CONCURRENCY,
    private readonly now: () => Date = () => new Date(),
    options: WorkQueueOptions = {},
  ) {
    this.spillDir = options.spillDir ?? null;
    this.budget = options.resultBudgetBytes ?? RESULT_BUDGET_BYTES;
  }

  /** Queue `work`; returns the job (status `queued` or `running`) at once. A full queue is a 503 with Retry-After. */
  submit<T>(kind: WorkKind, work: Work<T>): WorkJob {
    if (this.waiting.length >= MAX_QUEUED) {
      throw new QueueFull(`busy: ${MAX_QUEUED} jobs are waiting; retry later`);
    }
    const id = `job_${(++this.counter).toString(36)}_${this.now().getTime().toString(36)}`;
    const job: Held = {
      id,
      kind,
      status: "queued",
      stage: "queued",
      created_at: this.now().toISOString(),
      started_at: null,
      finished_at: null,
      error: null,
      resultText: null,
      resultFile: null,
      url: `/jobs/${id}`,
    };
    this.jobs.set(id, job);
    this.evict();
    this.ended.set(id, this.execute(job, work));
    return this.view(job);
  }

  private async slot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return;
    }
    await new Promise<void>((r) => this.waiting.push(r));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private async execute<T>(job: Held, work: Work<T>): Promise<void> {
    await this.slot();
    job.status = "running";
    job.stage = "started";
    job.started_at = this.now().toISOString();
    try {
      const result = await work((text) => {
        job.stage = text;
      });
      this.hold(job, JSON.stringify(result ?? null));
      job.status = "done";
      job.stage = "done";
    } catch (error) {
      job.status = "failed";
      job.stage = "failed";
      job.error = (error as Error).message ?? String(error);
    } finally {
      job.finished_at = this.now().toISOString();
      this.release();
      // The queue has drained: collect now, so what the jobs held goes back before the next burst, not after it.
      if (this.running === 0 && this.waiting.length === 0) Bun.gc(true);
    }
  }

  /** Keep a result's text in memory, moving the oldest held results to files while over the budget. */
  private hold(job: Held, text: string): void {
    job.resultText = text;
    this.inMemory.push(job);
    this.heldBytes += text.length;
    while (this.heldBytes > this.budget && this.inMemory.length > 0) {
      const old = this.inMemory.shift()!;
      const file = join(this.spillFolder(), `${old.id}.json`);
      writeFileSync(file, old.resultText!);
      this.heldBytes -= old.resultText!.length;
      old.resultText = null;
      old.resultFile = file;
    }
  }

  private spillFolder(): string {
    if (this.spillDir === null) {
      const dir = mkdtempSync(join(tmpdir(), "drflow-job-results-"));
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
      this.spillDir = dir;
    }
    return this.spillDir;
  }

  /** Drop the oldest finished jobs beyond the limit (Map order is insertion order), with their results. */
  private evict(): void {
    const finished = [...this.jobs.values()].filter((j) => j.finished_at !== null);
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED_WORK))) {
      this.jobs.delete(j.id);
      this.ended.delete(j.id);
      const i = this.inMemory.indexOf(j);
      if (i >= 0) {
        this.inMemory.splice(i, 1);
        this.heldBytes -= j.resultText!.length;
      }
      if (j.resultFile) rmSync(j.resultFile, { force: true });
    }
  }

  /** The job as clients see it; `withResult` reads its result back (from memory or its file). */
  private view(job: Held, withResult = true): WorkJob {
    const { resultText, resultFile, ...rest } = job;
    const text = !withResult ? null : (resultText ?? (resultFile ? readFileSync(resultFile, "utf8") : null));
    return { ...rest, result: text === null ? null : JSON.parse(text) };
  }

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  get(id: string): WorkJob | undefined {
    const job = this.jobs.get(id);
    return job ? this.view(job) : undefined;
  }

  /** Every job, newest first, without results (`get` has each one's). */
  list(): WorkJob[] {
    return [...this.jobs.values()].reverse().map((j) => this.view(j, false));
  }

  /** Characters of result text held in memory (at most the budget). */
  heldResultBytes(): number {
    return this.heldBytes;
  }

  /** Counts by status (for /health). */
  counts(): { queued: number; running: number } {
    const all = [...this.jobs.values()];
    return {
      queued: all.filter((j) => j.status === "queued").length,
      running: all.filter((j) => j.status === "running").length,
    };
  }

  /** Resolve when the job has ended or `ms` have passed, whichever is first. */
  async settle(id: string, ms: number): Promise<void> {
    const ended = this.ended.get(id);
    if (!ended || ms <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([ended, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }
}
