/**
 * @module What a set of model calls cost, honestly: the priced calls' sum and how many calls had no price. A call of
 * an unpriced handle has an unknown cost (stored as null), never $0, so a total over such calls is a lower bound and
 * says so.
 */

/** A cost total: `usd` sums the priced calls only; `unpricedCalls` counts the calls whose cost is unknown. */
export type CostTotal = { usd: number; unpricedCalls: number };

/** The cost when it is known; null when any call was unpriced (then `usd` is only a lower bound). */
export function knownCost(total: CostTotal): number | null {
  return total.unpricedCalls > 0 ? null : total.usd;
}

function calls(n: number): string {
  return `${n} call${n === 1 ? "" : "s"}`;
}

/**
 * Both cost totals, labelled, when the cache served some calls: what was fetched (paid now), and what all the calls cost
 * at list price, cache hits counted at what they first cost (what the work would cost without the cache).
 * `$0.0624 fetched, $0.1497 at list price incl. 12 cache hits`; one figure when nothing came from the cache.
 */
export function formatCosts(fetched: CostTotal, list: CostTotal, cachedCalls: number, digits = 4): string {
  if (cachedCalls === 0) return formatCost(fetched, digits);
  return `${formatCost(fetched, digits)} fetched, ${formatCost(list, digits)} at list price incl. ${cachedCalls} cache hit${cachedCalls === 1 ? "" : "s"}`;
}

/**
 * `$0.0123` when every call was priced; `≥ $0.0123 (4 calls unpriced)` when some were not; `unpriced (4 calls)` when
 * nothing priced was spent. Never a bare number over unpriced calls.
 */
export function formatCost(total: CostTotal, digits = 4): string {
  const priced = `$${total.usd.toFixed(digits)}`;
  if (total.unpricedCalls === 0) return priced;
  if (total.usd === 0) return `unpriced (${calls(total.unpricedCalls)})`;
  return `≥ ${priced} (${calls(total.unpricedCalls)} unpriced)`;
}
