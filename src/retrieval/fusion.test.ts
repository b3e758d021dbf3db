import { expect, test } from "bun:test";
import { RRF_K, reciprocalRankFusion } from "./fusion.ts";

test("items ranked well in both lists beat items ranked well in one", () => {
  const fused = reciprocalRankFusion([
    ["a", "b", "c"],
    ["b", "d", "a"],
  ]);
  expect(fused.map((f) => f.id)).toEqual(["b", "a", "d", "c"]);
  expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
});
