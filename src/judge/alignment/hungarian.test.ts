import { expect, test } from "bun:test";
import { maxAssignment } from "./hungarian.ts";

function brute(scores: number[][]): number {
  const cols = scores[0]?.length ?? 0;
  let best = 0;
  const go = (i: number, used: Set<number>, sum: number) => {
    if (i === scores.length) {
      best = Math.max(best, sum);
      return;
    }
    go(i + 1, used, sum);
    for (let j = 0; j < cols; j++) {
      if (used.has(j)) continue;
      used.add(j);
      go(i + 1, used, sum + scores[i]![j]!);
      used.delete(j);
    }
  };
  go(0, new Set(), 0);
  return best;
}

test("the assignment beats greedy when greedy is wrong", () => {
  // Greedy takes (0,0)=0.9 then (1,1)=0.1 → 1.0; optimal is (0,1)+(1,0) = 0.8 + 0.85.
  expect(
    maxAssignment([
      [0.9, 0.8],
      [0.85, 0.1],
    ]),
  ).toEqual([1, 0]);
});

test("rectangular matrices and an optimal total on random inputs", () => {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let trial = 0; trial < 40; trial++) {
    const rows = 1 + Math.floor(rand() * 5);
    const cols = 1 + Math.floor(rand() * 5);
    const scores = Array.from({ length: rows }, () =>
      Array.from({ length: cols }, () => Math.round(rand() * 100) / 100),
    );
    const a = maxAssignment(scores);
    expect(a).toHaveLength(rows);
    const usedCols = a.filter((j) => j >= 0);
    expect(new Set(usedCols).size).toBe(usedCols.length);
    const total = a.reduce((s, j, i) => s + (j >= 0 ? scores[i]![j]! : 0), 0);
    expect(total).toBeCloseTo(brute(scores), 9);
  }
  expect(maxAssignment([])).toEqual([]);
});
