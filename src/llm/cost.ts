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
 * `$0.0123` when every call was priced; `≥ $0.0123 (4 calls unpriced)` when some were not; `unpriced (4 calls)` when
 * nothing priced was spent. Never a bare number over unpriced calls.
 */
export function formatCost(total: CostTotal, digits = 4): string {
  const priced = `$${total.usd.toFixed(digits)}`;
  if (total.unpricedCalls === 0) return priced;
  if (total.usd === 0) return `unpriced (${calls(total.unpricedCalls)})`;
  return `≥ ${priced} (${calls(total.unpricedCalls)} unpriced)`;
}
