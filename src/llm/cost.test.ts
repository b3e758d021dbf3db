import { expect, test } from "bun:test";
import { formatCost, formatCosts, knownCost } from "./cost.ts";

test("a total over priced calls is a number; over partly unpriced calls a lower bound that says so", () => {
  expect(formatCost({ usd: 1.23, unpricedCalls: 0 })).toBe("$1.2300");
  expect(knownCost({ usd: 1.23, unpricedCalls: 0 })).toBe(1.23);
  expect(formatCost({ usd: 1.23, unpricedCalls: 4 })).toBe("≥ $1.2300 (4 calls unpriced)");
  expect(knownCost({ usd: 1.23, unpricedCalls: 4 })).toBeNull();
});

test("calls with no price at all read 'unpriced', never $0; no calls cost $0", () => {
  expect(formatCost({ usd: 0, unpricedCalls: 1 })).toBe("unpriced (1 call)");
  expect(knownCost({ usd: 0, unpricedCalls: 2 })).toBeNull();
  expect(formatCost({ usd: 0, unpricedCalls: 0 })).toBe("$0.0000");
  expect(formatCost({ usd: 0.000123, unpricedCalls: 0 }, 6)).toBe("$0.000123");
});

test("with cache hits both totals are shown, each labelled: fetched now, and every call at list price", () => {
  const fetched = { usd: 0.0624, unpricedCalls: 0 };
  const list = { usd: 0.1497, unpricedCalls: 0 };
  expect(formatCosts(fetched, list, 12)).toBe("$0.0624 fetched, $0.1497 at list price incl. 12 cache hits");
  expect(formatCosts(fetched, fetched, 0)).toBe("$0.0624");
});
