/**
 * @module What a creation job has done so far, for the page that watches it: each stage of each task with its status,
 * files realized, cost so far (priced calls; `unpriced` when some calls had no price), and the tasks written.
 */

import type { ProgressEvent } from "../../generate/llm/options.ts";
import type { WorkJob } from "../../jobs/work-queue.ts";

export type StageRow = { task: string; stage: string; status: "start" | "done" | "resumed" };

export type CreationProgress = {
  job: string;
  generator: "llm" | "procedural";
  suite: string;
  model: string | null;
  status: WorkJob["status"];
  /** The job's current stage line (also shown at /jobs/:id). */
  stage: string;
  stages: StageRow[];
  files: Record<string, { done: number; total: number }>;
  cost_usd: number;
  unpriced: boolean;
  /** `suite/task` refs written, once done. */
  tasks: string[];
  error: string | null;
};

/** Creation jobs kept for their pages; the oldest are dropped beyond this. */
const KEEP = 100;

export class CreationJobs {
  private readonly jobs = new Map<string, CreationProgress>();

  /** A fresh record; `track` files it under its job id once the queue has given one. */
  create(generator: CreationProgress["generator"], suite: string, model: string | null): CreationProgress {
    return {
      job: "",
      generator,
      suite,
      model,
      status: "queued",
      stage: "queued",
      stages: [],
      files: {},
      cost_usd: 0,
      unpriced: false,
      tasks: [],
      error: null,
    };
  }

  track(job: string, p: CreationProgress): void {
    p.job = job;
    this.jobs.set(job, p);
    for (const old of [...this.jobs.keys()].slice(0, Math.max(0, this.jobs.size - KEEP)))
      this.jobs.delete(old);
  }

  get(job: string): CreationProgress | undefined {
    return this.jobs.get(job);
  }
}

/** Fold one generation progress event into the job's record; returns the stage line. */
export function record(p: CreationProgress, e: ProgressEvent): string {
  p.cost_usd = e.costUsd;
  p.unpriced ||= (e.unpricedCalls ?? 0) > 0;
  if (e.kind === "artifact") {
    p.files[e.task] = { done: e.done, total: e.total };
    return `[${e.task}] realize ${e.done}/${e.total}`;
  }
  const row = p.stages.find((s) => s.task === e.task && s.stage === e.stage);
  if (row) row.status = e.status;
  else p.stages.push({ task: e.task, stage: e.stage, status: e.status });
  return `[${e.task}] ${e.stage} ${e.status}`;
}
