import { expect, test } from "bun:test";
import { MAX_QUEUED, QueueFull, WorkQueue } from "./work-queue.ts";

test("jobs run at most `concurrency` at once, report their stage, keep failures as messages, and a full queue is 503", async () => {
  const queue = new WorkQueue(1);
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const a = queue.submit("judge", async (stage) => {
    stage("judging");
    await gate;
    return { ok: 1 };
  });
  const b = queue.submit("env", async () => {
    throw new Error("task demo/x: not found");
  });
  await Bun.sleep(5);
  expect(queue.get(a.id)).toMatchObject({ status: "running", stage: "judging" });
  expect(queue.get(b.id)).toMatchObject({ status: "queued", stage: "queued" });
  expect(queue.counts()).toEqual({ queued: 1, running: 1 });
  for (let i = 1; i < MAX_QUEUED; i++) queue.submit("generate", async () => null);
  const full = (() => {
    try {
      queue.submit("generate", async () => null);
    } catch (error) {
      return error as QueueFull;
    }
  })();
  expect(full).toBeInstanceOf(QueueFull);
  expect(full).toMatchObject({ retryAfterSeconds: 5 });
  release();
  await queue.settle(b.id, 1000);
  expect(queue.get(a.id)).toMatchObject({ status: "done", stage: "done", result: { ok: 1 } });
  expect(queue.get(b.id)).toMatchObject({ status: "failed", error: "task demo/x: not found", result: null });
});
