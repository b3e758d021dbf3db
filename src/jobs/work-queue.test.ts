import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

test("finished results past the byte budget move to files and come back whole; the list carries no results", async () => {
  const spillDir = mkdtempSync(join(tmpdir(), "drflow-queue-spill-"));
  try {
    const queue = new WorkQueue(2, () => new Date(), { spillDir, resultBudgetBytes: 250 });
    const results = Array.from({ length: 5 }, (_, i) => ({ i, text: "x".repeat(100) }));
    const jobs = results.map((r) => queue.submit("judge", async () => r));
    for (const j of jobs) await queue.settle(j.id, 1000);
    // Two results of ~115 characters fit in 250: the three oldest are in files.
    expect(queue.heldResultBytes()).toBeLessThanOrEqual(250);
    expect(readdirSync(spillDir).sort()).toEqual(
      jobs
        .slice(0, 3)
        .map((j) => `${j.id}.json`)
        .sort(),
    );
    jobs.forEach((j, i) => {
      expect(queue.get(j.id)).toMatchObject({ status: "done", result: results[i] });
    });
    expect(queue.list().map((j) => j.result)).toEqual([null, null, null, null, null]);
  } finally {
    rmSync(spillDir, { recursive: true, force: true });
  }
});
