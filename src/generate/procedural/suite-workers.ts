/**
 * @module Generating a suite on several threads: the calling thread takes tasks itself while worker threads take the
 * rest, each handed the next unstarted task as it finishes one (a worker keeps one in reserve so it never waits on a
 * busy main thread). Tasks are reported and returned in plan order. Output does not depend on the threads: a task's
 * bytes are a function of its plan, the seed and the secret.
 */
import { type FromWorker, type ToWorker, taskFailure } from "./suite-messages.ts";
import type { SuiteJob, SuitePlanEntry, SuiteTask } from "./suite-task.ts";

/** Tasks a worker holds at once: the one it works on and the next. */
const IN_FLIGHT = 2;

/**
 * Run `write` (the same function `suite-worker.ts` runs) for every plan on `threads` threads, this one included;
 * with 1 thread no worker is started. The first failure rejects and no further task is started.
 */
export async function generateOnThreads(
  plans: readonly SuitePlanEntry[],
  job: SuiteJob,
  write: (plan: SuitePlanEntry, job: SuiteJob) => Promise<SuiteTask>,
  threads: number,
  report: (task: SuiteTask) => void,
): Promise<SuiteTask[]> {
  const results: (SuiteTask | undefined)[] = new Array(plans.length);
  let next = 0;
  let reported = 0;
  let failed = false;
  const finish = (index: number, task: SuiteTask) => {
    results[index] = task;
    while (results[reported]) report(results[reported++]!);
  };
  const here = async () => {
    while (!failed && next < plans.length) {
      const index = next++;
      const plan = plans[index]!;
      try {
        finish(index, await write(plan, job));
      } catch (error) {
        failed = true;
        throw new Error(taskFailure(plan, error));
      }
    }
  };
  const pool = Array.from(
    { length: threads - 1 },
    () => new Worker(new URL("./suite-worker.ts", import.meta.url)),
  );
  const inWorker = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      let held = 0;
      const handOut = () => {
        while (!failed && held < IN_FLIGHT && next < plans.length) {
          const index = next++;
          held++;
          worker.postMessage({ index, plan: plans[index]! } satisfies ToWorker);
        }
        if (held === 0) resolve();
      };
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const reply = event.data;
        if ("error" in reply) {
          failed = true;
          return reject(new Error(reply.error));
        }
        held--;
        finish(reply.index, reply.task);
        handOut();
      };
      worker.onerror = (event) => {
        failed = true;
        reject(new Error(`suite worker: ${event.message}`));
      };
      worker.postMessage({ job } satisfies ToWorker);
      handOut();
    });
  try {
    await Promise.all([...pool.map(inWorker), here()]);
  } finally {
    for (const worker of pool) worker.terminate();
  }
  return results as SuiteTask[];
}
