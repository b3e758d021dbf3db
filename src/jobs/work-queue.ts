/**
 * @module Long work (judging, environment loading, generation) as jobs, shared by the API's routes and the studio's
 * create pages: a request gets a job id at once (202) and the work runs off the request path, at most `concurrency` at
 * a time, with its stage as progress. Clients poll `GET /jobs/:id` (optionally waiting up to a minute for the end).
 */
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

export type Work<T> = (stage: (text: string) => void) => Promise<T>;

export class WorkQueue {
  private readonly jobs = new Map<string, WorkJob>();
  private readonly waiting: (() => void)[] = [];
  private readonly ended = new Map<string, Promise<void>>();
  private running = 0;
  private counter = 0;

  constructor(
    private readonly concurrency = WORK_CONCURRENCY,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Queue `work`; returns the job (status `queued` or `running`) at once. A full queue is a 503 with Retry-After. */
  submit<T>(kind: WorkKind, work: Work<T>): WorkJob {
    if (this.waiting.length >= MAX_QUEUED) {
      throw new QueueFull(`busy: ${MAX_QUEUED} jobs are waiting; retry later`);
    }
    const id = `job_${(++this.counter).toString(36)}_${this.now().getTime().toString(36)}`;
    const job: WorkJob = {
      id,
      kind,
      status: "queued",
      stage: "queued",
      created_at: this.now().toISOString(),
      started_at: null,
      finished_at: null,
      error: null,
      result: null,
      url: `/jobs/${id}`,
    };
    this.jobs.set(id, job);
    this.evict();
    this.ended.set(id, this.execute(job, work));
    return { ...job };
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

  private async execute<T>(job: WorkJob, work: Work<T>): Promise<void> {
    await this.slot();
    job.status = "running";
    job.stage = "started";
    job.started_at = this.now().toISOString();
    try {
      job.result = await work((text) => {
        job.stage = text;
      });
      job.status = "done";
      job.stage = "done";
    } catch (error) {
      job.status = "failed";
      job.stage = "failed";
      job.error = (error as Error).message ?? String(error);
    } finally {
      job.finished_at = this.now().toISOString();
      this.release();
    }
  }

  /** Drop the oldest finished jobs beyond the limit (Map order is insertion order). */
  private evict(): void {
    const finished = [...this.jobs.values()].filter((j) => j.finished_at !== null);
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED_WORK))) {
      this.jobs.delete(j.id);
      this.ended.delete(j.id);
    }
  }

  get(id: string): WorkJob | undefined {
    const job = this.jobs.get(id);
    return job ? { ...job } : undefined;
  }

  list(): WorkJob[] {
    return [...this.jobs.values()].reverse().map((j) => ({ ...j }));
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
