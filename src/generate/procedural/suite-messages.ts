/**
 * @module What the suite writer's threads say to each other (`suite-workers.ts` on the main thread, `suite-worker.ts`
 * in each worker): the messages and how a failed task is reported. Both sides import this; neither imports the other.
 */
import type { SuiteJob, SuitePlanEntry, SuiteTask } from "./suite-task.ts";

/** Main thread → worker: the suite's settings (first), then tasks by plan index. */
export type ToWorker = { job: SuiteJob } | { index: number; plan: SuitePlanEntry };
/** Worker → main thread: a written task, or why it failed. */
export type FromWorker = { index: number; task: SuiteTask } | { index: number; error: string };

/** How a failed task is reported, from whichever thread it ran on. */
export function taskFailure(plan: SuitePlanEntry, error: unknown): string {
  return `generating ${plan.taskId}: ${error instanceof Error ? error.message : String(error)}`;
}
