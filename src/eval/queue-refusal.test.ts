import { expect, test } from "bun:test";
import { refusalVerdict } from "./queue-refusal.ts";

const FP = (c: string) => c.repeat(64);
const base = {
  me: "a",
  has: FP("1"),
  expected: FP("0"),
  what: "task demo/x",
  earlier: [],
  graceMs: 10_000,
  deadlineMs: 600_000,
};
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

test("a refusal leaves the cell for another live worker; every live worker refusing, after the grace, dead-letters it", () => {
  const first = refusalVerdict({ ...base, liveWorkers: new Set(["a", "b"]), now: at(0) });
  expect(first.action).toBe("release");
  expect(first.reason).toContain("left for a worker whose content matches");
  // Alone, but within the grace (a worker just starting may not be registered yet): still released.
  const alone = refusalVerdict({ ...base, earlier: first.refusals, liveWorkers: new Set(["a"]), now: at(5) });
  expect(alone.action).toBe("release");
  // The grace runs from this worker's first refusal, not its latest.
  expect(alone.refusals).toEqual([{ worker: "a", has: FP("1"), at: at(0).toISOString() }]);
  const b = refusalVerdict({
    ...base,
    me: "b",
    has: FP("2"),
    earlier: alone.refusals,
    liveWorkers: new Set(["a", "b"]),
    now: at(12),
  });
  expect(b.action).toBe("deadletter");
  expect(b.reason).toBe(
    "task demo/x differs from the enqueued one on every live worker (enqueued content 000000000000; worker a has content 111111111111, worker b has content 222222222222): sync the task folder (or the judge's version) and re-run the same command",
  );
});

test("a live worker that has not refused keeps the cell waiting until the deadline; a dead worker's refusal does not count", () => {
  const earlier = [{ worker: "gone", has: FP("3"), at: at(0).toISOString() }];
  const waiting = refusalVerdict({ ...base, earlier, liveWorkers: new Set(["a", "c"]), now: at(100) });
  expect(waiting.action).toBe("release");
  const late = refusalVerdict({
    ...base,
    earlier,
    liveWorkers: new Set(["a", "c"]),
    now: new Date(at(0).getTime() + 600_000),
  });
  expect(late.action).toBe("deadletter");
  expect(late.reason).toContain("no worker with the enqueued content took the cell within 600 s");
  // Only live workers are named; the refusal of a worker that is gone is kept on the job but not in the reason.
  expect(late.reason).not.toContain("gone");
  expect(late.refusals.map((r) => r.worker)).toEqual(["gone", "a"]);
});
