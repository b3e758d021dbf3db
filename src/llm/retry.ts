/** @module Retries with exponential backoff and full jitter, honouring Retry-After; sleep and randomness are injected. */
import { z } from "zod";

export const RetryOptions = z.object({
  /** Retries after the first attempt. */
  maxRetries: z.number().int().min(0).default(5),
  baseDelayMs: z.number().min(0).default(500),
  maxDelayMs: z.number().min(0).default(60_000),
});
export type RetryOptions = z.infer<typeof RetryOptions>;

export type Sleep = (ms: number) => Promise<void>;
export type Random = () => number;

/** How a failed attempt should be handled. */
export type Failure = {
  retryable: boolean;
  retryAfterMs: number | null;
  message: string;
  status: number | null;
};

/** Parse `Retry-After` (seconds or an HTTP date) or `retry-after-ms`; null when absent or unreadable. */
export function parseRetryAfter(
  headers: Headers | undefined | null,
  now: () => number = Date.now,
): number | null {
  if (!headers) return null;
  const ms = headers.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get("retry-after");
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now());
}

/** Backoff before retry number `retry` (0-based): Retry-After when given, else full jitter on base·2^retry, capped. */
export function backoffMs(retry: number, failure: Failure, options: RetryOptions, random: Random): number {
  if (failure.retryAfterMs !== null) return Math.min(failure.retryAfterMs, options.maxDelayMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Run `attempt` until it succeeds, a failure is not retryable, or retries run out. `classify` turns a thrown error into a
 * `Failure`; `onRetry` observes each wait. The final error is re-thrown by `giveUp` with the attempt count.
 */
export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  io: {
    classify: (error: unknown) => Failure;
    giveUp: (failure: Failure, attempts: number, error: unknown) => Error;
    sleep: Sleep;
    random: Random;
    options: RetryOptions;
    onRetry?: (failure: Failure, waitMs: number, retry: number) => void;
  },
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const failure = io.classify(error);
      if (!failure.retryable || n >= io.options.maxRetries) throw io.giveUp(failure, n + 1, error);
      const wait = backoffMs(n, failure, io.options, io.random);
      io.onRetry?.(failure, wait, n);
      await io.sleep(wait);
    }
  }
}
