import { expect, test } from "bun:test";
import { Limiter, limiterFor } from "./limiter.ts";

test("never more than the limit in flight, and every task runs", async () => {
  const limiter = new Limiter(2);
  let peak = 0;
  let started = 0;
  const gates: (() => void)[] = [];
  const tasks = Array.from({ length: 5 }, (_, i) =>
    limiter.run(async () => {
      started++;
      peak = Math.max(peak, limiter.inFlight);
      await new Promise<void>((resolve) => gates.push(resolve));
      return i;
    }),
  );
  await Bun.sleep(5);
  expect(started).toBe(2);
  while (gates.length > 0) {
    gates.shift()!();
    await Bun.sleep(1);
  }
  expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
  expect(started).toBe(5);
  expect(peak).toBe(2);
  expect(limiter.inFlight).toBe(0);
});

test("one limiter per endpoint key", () => {
  expect(limiterFor("openai https://a", 3)).toBe(limiterFor("openai https://a", 3));
  expect(limiterFor("openai https://a", 3)).not.toBe(limiterFor("compat http://b", 3));
  expect(() => new Limiter(0)).toThrow("at least 1");
});
