import { describe, expect, test } from "bun:test";
import {
  concordantPairs,
  fleissKappa,
  humanJudgeAgreement,
  kendallTau,
  labelCounts,
  meanAbsoluteDifference,
  pearson,
  raterAgreement,
} from "./agreement.ts";

describe("fleissKappa", () => {
  test("Fleiss (1971) worked example from Wikipedia: 10 subjects, 14 raters, 5 categories → κ ≈ 0.210", () => {
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const k = fleissKappa(counts);
    expect(k.subjects).toBe(10);
    expect(k.raters).toBe(14);
    expect(k.pBar).toBeCloseTo(0.378, 3);
    expect(k.pExpected).toBeCloseTo(0.213, 3);
    expect(k.kappa).toBeCloseTo(0.21, 2);
  });

  test("perfect agreement gives 1; unequal rater counts name the subject", () => {
    expect(
      fleissKappa([
        [3, 0],
        [0, 3],
        [3, 0],
      ]).kappa,
    ).toBeCloseTo(1, 10);
    expect(() =>
      fleissKappa([
        [2, 1],
        [1, 1],
      ]),
    ).toThrow(/subject 1 has 2 ratings, expected 3/);
  });

  test("labels → counts, and the all/majority agreement shares", () => {
    const labels = [
      ["match", "match", "match"],
      ["match", "no", "match"],
      ["no", "no", "no"],
      ["match", "no", "partial"],
    ];
    const { categories, counts } = labelCounts(labels);
    expect(categories).toEqual(["match", "no", "partial"]);
    expect(counts[1]).toEqual([2, 1, 0]);
    expect(raterAgreement(labels)).toEqual({ all: 0.5, majority: 0.75 });
  });
});

describe("pearson and mean absolute difference", () => {
  test("hand-computed r = 6 / √60", () => {
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  });
  test("constant side or fewer than two pairs → null; mismatched lengths throw", () => {
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1], [2])).toBeNull();
    expect(() => pearson([1, 2], [1])).toThrow(/equal length/);
  });
  test("mean absolute difference", () => {
    expect(meanAbsoluteDifference([0.5, 0.7, 0.2], [0.6, 0.5, 0.2])).toBeCloseTo(0.1, 12);
  });
  test("human–judge agreement bundles both over paired items", () => {
    const a = humanJudgeAgreement([
      { human: 0.5, judge: 0.6 },
      { human: 0.7, judge: 0.5 },
      { human: 0.2, judge: 0.2 },
    ]);
    expect(a.n).toBe(3);
    expect(a.meanAbsoluteDifference).toBeCloseTo(0.1, 12);
    // hand-computed: mx = 0.4667, my = 0.4333; sxy = 0.0833, sxx = 0.1267, syy = 0.0867 → r ≈ 0.7954
    expect(a.pearson).toBeCloseTo(0.7954, 4);
  });
});

describe("concordantPairs", () => {
  test("one swapped pair among four items: 5 concordant, 1 discordant", () => {
    expect(concordantPairs([1, 2, 3, 4], [1, 3, 2, 4])).toEqual({
      concordant: 5,
      discordant: 1,
      ties: 0,
      pairs: 6,
    });
    expect(kendallTau([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(4 / 6, 12);
  });
  test("ties are counted apart", () => {
    expect(concordantPairs([1, 2, 3], [1, 1, 2])).toEqual({
      concordant: 2,
      discordant: 0,
      ties: 1,
      pairs: 3,
    });
  });
});
