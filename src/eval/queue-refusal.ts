/**
 * @module A worker's refusal of a cell whose task (or judge) differs from the enqueued one. A refusal is one worker's
 * answer, not the cell's: the cell goes back to the queue for a worker whose content matches, and is dead-lettered
 * only when every live worker has refused it (after a grace that lets a starting worker register) or when no worker
 * took it within the policy's deadline. The reason names the enqueued fingerprint and each refusing worker's.
 */
import { z } from "zod";

/** One worker's refusal, kept on the cell's job data. */
export const Refusal = z.object({
  /** The refusing worker (`host:pid:tag`, the name it registers with the queue). */
  worker: z.string().min(1),
  /** What that worker has: its task's content fingerprint (or `judge <identity>`). */
  has: z.string().min(1),
  /** When it refused (ISO). */
  at: z.string().min(1),
});
export type Refusal = z.infer<typeof Refusal>;

export type RefusalVerdict =
  | { action: "release"; refusals: Refusal[]; reason: string }
  | { action: "deadletter"; refusals: Refusal[]; reason: string };

/**
 * What to do with a cell this worker refuses: release it for another worker, or dead-letter it. `liveWorkers` are the
 * workers the queue hears from (this one included); `graceMs` how long a cell must have been refused before "every
 * live worker refused" counts (a worker just starting may not be registered yet); `deadlineMs` the longest a refused
 * cell waits for a worker whose content matches.
 */
export function refusalVerdict(input: {
  me: string;
  has: string;
  /** What the cell was enqueued with (fingerprint or judge identity) and what it is (for the reason). */
  expected: string;
  what: string;
  earlier: readonly Refusal[];
  liveWorkers: ReadonlySet<string>;
  now: Date;
  graceMs: number;
  deadlineMs: number;
}): RefusalVerdict {
  // A worker refusing again keeps the time it first refused (the grace and the deadline run from the first refusal).
  const mine = input.earlier.find((r) => r.worker === input.me);
  const refusals = [
    ...input.earlier.filter((r) => r.worker !== input.me),
    { worker: input.me, has: input.has, at: mine?.at ?? input.now.toISOString() },
  ];
  const first = Math.min(...refusals.map((r) => Date.parse(r.at)));
  const waited = input.now.getTime() - first;
  const live = new Set([...input.liveWorkers, input.me]);
  const refusedBy = new Set(refusals.map((r) => r.worker));
  const everyLive = [...live].every((w) => refusedBy.has(w));
  const who = refusals
    .filter((r) => live.has(r.worker))
    .map((r) => `worker ${r.worker} has ${short(r.has)}`)
    .join(", ");
  const enqueued = `enqueued ${short(input.expected)}`;
  if (everyLive && waited >= input.graceMs)
    return {
      action: "deadletter",
      refusals,
      reason: `${input.what} differs from the enqueued one on every live worker (${enqueued}; ${who}): sync the task folder (or the judge's version) and re-run the same command`,
    };
  if (waited >= input.deadlineMs)
    return {
      action: "deadletter",
      refusals,
      reason: `${input.what}: no worker with the enqueued content took the cell within ${Math.round(input.deadlineMs / 1000)} s (${enqueued}; ${who}): sync the task folder and re-run the same command`,
    };
  return {
    action: "release",
    refusals,
    reason: `${input.what} differs on ${refusedBy.size} worker(s) (${enqueued}; ${who}); left for a worker whose content matches`,
  };
}

/** A fingerprint as the reasons show it: 12 hex digits, or the text as is. */
function short(has: string): string {
  return /^[0-9a-f]{64}$/.test(has) ? `content ${has.slice(0, 12)}` : has;
}
