/** Notebook tables show the metrics of the task kinds in them: DRBench's columns for DRBench runs, both when mixed. */
import { expect, test } from "bun:test";
import { metricTable } from "./present.ts";

const ms = (mean: number) => ({ mean, std: 0, n: 1 });

test("a DRBench cell gets DRBench's columns; a mixed selection gets both", () => {
  const drbench = {
    group: { agent: "brief" },
    tasks: 2,
    repeats: 1,
    counts: {},
    metrics: { insight_recall: ms(0.29), factuality: ms(1) },
  };
  const drflow = {
    group: { agent: "extractive" },
    tasks: 2,
    repeats: 1,
    counts: {},
    metrics: { f1: ms(0.5), factuality: ms(0.8) },
  };
  const only = Object.keys(metricTable([drbench])[0]!);
  expect(only).toContain("Insight Rec.");
  expect(only).toContain("Distr. Avoid.");
  expect(only).not.toContain("F1");
  const both = Object.keys(metricTable([drbench, drflow])[0]!);
  expect(both).toContain("F1");
  expect(both).toContain("Insight Rec.");
  expect(metricTable([drflow, drbench])[0]!["Insight Rec."]).toBe("—");
});
