import { expect, test } from "bun:test";
import { runPool } from "./pool.ts";

test("runPool keeps order and never exceeds the bound", async () => {
  let inFlight = 0;
  let peak = 0;
  const out = await runPool([5, 1, 4, 2, 3], 2, async (x) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    await Bun.sleep(x);
    inFlight--;
    return x * 10;
  });
  expect(out).toEqual([50, 10, 40, 20, 30]);
  expect(peak).toBe(2);
});

test("runPool stops starting jobs after a failure and rethrows it", async () => {
  const started: number[] = [];
  const run = runPool([1, 2, 3, 4], 1, async (x) => {
    started.push(x);
    if (x === 2) throw new Error("job 2 failed");
    return x;
  });
  await expect(run).rejects.toThrow("job 2 failed");
  expect(started).toEqual([1, 2]);
});
