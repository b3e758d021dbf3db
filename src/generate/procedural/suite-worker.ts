/** @module The worker thread of `generateOnThreads`: writes each task it is handed and replies with it. */

import { type FromWorker, type ToWorker, taskFailure } from "./suite-messages.ts";
import { type SuiteJob, writeSuiteTask } from "./suite-task.ts";

declare const self: Worker;
let job: SuiteJob | undefined;

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if ("job" in message) {
    job = message.job;
    return;
  }
  const { index, plan } = message;
  let reply: FromWorker;
  try {
    if (!job) throw new Error("no suite settings received before the first task");
    reply = { index, task: await writeSuiteTask(plan, job) };
  } catch (error) {
    reply = { index, error: taskFailure(plan, error) };
  }
  self.postMessage(reply);
};
