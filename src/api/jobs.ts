/** @module Agent runs as background jobs: status, result, and an event log that server-sent-event clients replay and follow. */
import type { TraceEvent } from "../agents/types.ts";
import { type MetricResult, noRunUsage, type Report, type RunUsage } from "../core/index.ts";
import type { RunSummary } from "./schemas.ts";

export type JobEvent =
  | { type: "status"; status: RunSummary["status"]; error?: string }
  | { type: "trace"; event: TraceEvent }
  | { type: "metrics"; metrics: MetricResult[] };

export type Job = RunSummary & {
  report: Report | null;
  trace: TraceEvent[];
  usage: RunUsage;
  metrics: MetricResult[];
  events: JobEvent[];
  listeners: Set<(e: JobEvent) => void>;
};

/** Finished jobs kept in memory for live clients; older ones are served from the run store. */
export const KEEP_FINISHED = 200;

export class JobRegistry {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly keepFinished = KEEP_FINISHED) {}

  create(summary: Omit<RunSummary, "status" | "finished_at" | "error">): Job {
    const job: Job = {
      ...summary,
      status: "running",
      finished_at: null,
      error: null,
      report: null,
      trace: [],
      usage: noRunUsage(),
      metrics: [],
      events: [],
      listeners: new Set(),
    };
    this.jobs.set(job.id, job);
    this.evict();
    this.emit(job, { type: "status", status: "running" });
    return job;
  }

  /** Drop the oldest finished jobs beyond the limit (Map order is insertion order). */
  private evict(): void {
    const finished = [...this.jobs.values()].filter((j) => j.status !== "running");
    for (const j of finished.slice(0, Math.max(0, finished.length - this.keepFinished)))
      this.jobs.delete(j.id);
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  list(): Job[] {
    return [...this.jobs.values()].sort(
      (a, b) => b.started_at.localeCompare(a.started_at) || b.id.localeCompare(a.id),
    );
  }

  emit(job: Job, event: JobEvent): void {
    job.events.push(event);
    if (event.type === "trace") job.trace.push(event.event);
    for (const l of job.listeners) l(event);
  }

  /** Replay the log, then follow new events until the job ends; returns an unsubscribe function. */
  follow(job: Job, listener: (e: JobEvent) => void): () => void {
    for (const e of job.events) listener(e);
    job.listeners.add(listener);
    return () => job.listeners.delete(listener);
  }
}
