import { describe, expect, test } from "bun:test";
import { bootstrapMeanCI, pairedBootstrapCI, seededRandom } from "./bootstrap.ts";

describe("bootstrap", () => {
  test("the PRNG is seeded: same seed, same stream; values in [0, 1)", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = Array.from({ length: 100 }, () => a());
    expect(xs).toEqual(Array.from({ length: 100 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom(43)()).not.toBe(xs[0]);
  });

  test("constant differences give a degenerate interval", () => {
    expect(bootstrapMeanCI([0.1, 0.1, 0.1], { seed: 3 })).toMatchObject({
      n: 3,
      resamples: 2000,
      level: 0.95,
    });
    const ci = bootstrapMeanCI([0.1, 0.1, 0.1])!;
    expect(ci.low).toBeCloseTo(0.1, 12);
    expect(ci.high).toBeCloseTo(0.1, 12);
  });

  test("the interval brackets the estimate, lies within the data range and is reproducible", () => {
    const diffs = [-0.2, 0.1, 0.3, 0.05, 0.4, -0.1, 0.2, 0.15];
    const ci = bootstrapMeanCI(diffs, { seed: 7, resamples: 1000 })!;
    expect(ci.low).toBeLessThan(ci.estimate);
    expect(ci.high).toBeGreaterThan(ci.estimate);
    expect(ci.low).toBeGreaterThanOrEqual(-0.2);
    expect(ci.high).toBeLessThanOrEqual(0.4);
    expect(bootstrapMeanCI(diffs, { seed: 7, resamples: 1000 })).toEqual(ci);
  });

  test("paired over shared keys only", () => {
    const a = new Map([
      ["t1", 0.5],
      ["t2", 0.4],
      ["t3", 0.9],
    ]);
    const b = new Map([
      ["t1", 0.6],
      ["t2", 0.5],
    ]);
    const ci = pairedBootstrapCI(a, b)!;
    expect(ci.n).toBe(2);
    expect(ci.estimate).toBeCloseTo(0.1, 12);
    expect(pairedBootstrapCI(new Map(), b)).toBeNull();
  });
});
