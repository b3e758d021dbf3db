import { expect, test } from "bun:test";
import { f1Of } from "./f1.ts";
import { metricByName, metricOrder } from "./index.ts";

test("metrics run after what they depend on, in request order otherwise", () => {
  expect(metricOrder(["f1"]).map((m) => m.name)).toEqual(["precision", "recall", "f1"]);
  expect(metricOrder(["condition_resolution", "topology", "recall"]).map((m) => m.name)).toEqual([
    "precision",
    "condition_resolution",
    "topology",
    "recall",
  ]);
  expect(metricByName("condition_resolution").dependsOn).toEqual(["precision"]);
  expect(metricByName("personalized_comprehensiveness").dependsOn).toEqual(["precision"]);
});

test("F1 is the harmonic mean, 0 when both are 0, unscored when either is", () => {
  expect(f1Of(1, 0.5)).toBeCloseTo(2 / 3, 12);
  expect(f1Of(0, 0)).toBe(0);
  expect(f1Of(null, 1)).toBeNull();
});
