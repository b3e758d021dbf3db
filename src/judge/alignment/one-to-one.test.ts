import { expect, test } from "bun:test";
import type { AlignmentDecision } from "../judges/types.ts";
import { oneToOne } from "./one-to-one.ts";

const d = (
  source: number,
  target: number | null,
  confidence: number | null,
  unscored = false,
): AlignmentDecision => ({
  source,
  target,
  confidence,
  justification: "",
  unscored,
});

test("two predictions claiming one golden step: the stronger keeps it", () => {
  const a = oneToOne([d(1, 3, 0.9), d(2, 3, 0.95), d(3, 1, 0.92)], 0.88);
  expect(a.pairs).toEqual([
    { source: 2, target: 3, confidence: 0.95 },
    { source: 3, target: 1, confidence: 0.92 },
  ]);
  expect(a.outcomes.get(1)).toBe("taken");
});

test("the bar, no-match and unscored decisions stay apart", () => {
  const a = oneToOne([d(1, 2, 0.8), d(2, null, 0.99), d(3, null, null, true)], 0.83);
  expect(a.pairs).toEqual([]);
  expect([...a.outcomes.values()]).toEqual(["below_bar", "no_match", "unscored"]);
});
