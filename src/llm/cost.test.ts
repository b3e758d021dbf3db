import { expect, test } from "bun:test";
import { costTotal, formatCost, knownCost } from "./cost.ts";

test("a total over priced calls is a number; over partly unpriced calls a lower bound that says so", () => {
  expect(formatCost(costTotal([0.5, 0.73]))).toBe("$1.2300");
  expect(knownCost(costTotal([0.5, 0.73]))).toBeCloseTo(1.23, 12);
  const partly = costTotal([0.5, null, 0.73, null, null, null]);
  expect(partly).toEqual({ usd: 1.23, unpricedCalls: 4 });
  expect(formatCost(partly)).toBe("≥ $1.2300 (4 calls unpriced)");
  expect(knownCost(partly)).toBeNull();
});

test("calls with no price at all read 'unpriced', never $0; no calls cost $0", () => {
  expect(formatCost(costTotal([null]))).toBe("unpriced (1 call)");
  expect(knownCost(costTotal([null, null]))).toBeNull();
  expect(formatCost(costTotal([]))).toBe("$0.0000");
  expect(formatCost({ usd: 0.000123, unpricedCalls: 0 }, 6)).toBe("$0.000123");
});
