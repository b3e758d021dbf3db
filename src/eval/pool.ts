/** @module Bounded concurrency: run async jobs over a list with at most N in flight, results in input order. */

/**
 * Run `fn` over `items` with at most `concurrency` calls in flight. Results keep input order.
 * The first rejection stops new jobs from starting and is rethrown once running ones settle.
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`concurrency: expected a positive integer, got ${concurrency}`);
  }
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker(): Promise<void> {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, () => worker());
  await Promise.all(workers);
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
