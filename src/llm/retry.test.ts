import { expect, test } from "bun:test";
import { backoffMs, type Failure, parseRetryAfter, RetryOptions, withRetry } from "./retry.ts";

const transient: Failure = { retryable: true, retryAfterMs: null, message: "503", status: 503 };

test("Retry-After is read as seconds, as an HTTP date, or as retry-after-ms", () => {
  const now = () => Date.parse("2026-01-01T00:00:00Z");
  expect(parseRetryAfter(new Headers({ "retry-after": "7" }), now)).toBe(7000);
  expect(parseRetryAfter(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30_000);
  expect(parseRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "9" }), now)).toBe(250);
  expect(parseRetryAfter(new Headers({ "retry-after": "soon" }), now)).toBeNull();
  expect(parseRetryAfter(new Headers(), now)).toBeNull();
});

test("backoff doubles with full jitter in [ceiling/2, ceiling], capped; Retry-After wins", () => {
  const options = RetryOptions.parse({ baseDelayMs: 100, maxDelayMs: 1000 });
  expect([0, 1, 2, 3, 4].map((n) => backoffMs(n, transient, options, () => 0))).toEqual([
    50, 100, 200, 400, 500,
  ]);
  expect([0, 1, 2, 3, 4].map((n) => backoffMs(n, transient, options, () => 1))).toEqual([
    100, 200, 400, 800, 1000,
  ]);
  expect(backoffMs(0, { ...transient, retryAfterMs: 4000 }, options, () => 0)).toBe(1000);
  expect(backoffMs(0, { ...transient, retryAfterMs: 400 }, options, () => 0)).toBe(400);
});

test("retries transient failures until success, and gives up at once on a non-retryable one", async () => {
  const waits: number[] = [];
  const io = {
    classify: (e: unknown) =>
      String(e).includes("400") ? { ...transient, retryable: false, status: 400 } : transient,
    giveUp: (f: Failure, attempts: number) => new Error(`${f.status} after ${attempts}`),
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    random: () => 0.5,
    options: RetryOptions.parse({ maxRetries: 3, baseDelayMs: 10 }),
  };
  let calls = 0;
  const value = await withRetry(async () => {
    calls++;
    if (calls < 3) throw new Error("503");
    return "ok";
  }, io);
  expect(value).toBe("ok");
  expect(waits).toEqual([8, 15]);
  await expect(withRetry(async () => Promise.reject(new Error("400")), io)).rejects.toThrow("400 after 1");
  await expect(withRetry(async () => Promise.reject(new Error("503")), io)).rejects.toThrow("503 after 4");
});
