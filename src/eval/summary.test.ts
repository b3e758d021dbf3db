import { describe, expect, test } from "bun:test";
import { noRunUsage } from "../core/index.ts";
import { metricColumns, metricNames } from "../judge/index.ts";
import { type CellResult, planCells } from "./cells.ts";
import { summarize } from "./summary.ts";
import { formatSummaryTable } from "./table.ts";

function result(
  task: string,
  repeat: number,
  f1: number | null,
  extra: Partial<CellResult> = {},
): CellResult {
  return {
    cell: { task, agent: "extractive", model: "none", split: "original", repeat },
    runId: `b-${task}-${repeat}`,
    status: "done",
    metrics: { f1, recall: f1 },
    not_applicable: [],
    usage: { ...noRunUsage(), calls: 2, costUsd: 0.5 },
    error: null,
    ...extra,
  };
}

describe("summarize", () => {
  test("mean over tasks per repeat, then mean ± sample std over repeats", () => {
    const rows = summarize([
      result("demo/a", 0, 0.2),
      result("demo/b", 0, 0.4), // repeat 0 mean 0.3
      result("demo/a", 1, 0.5),
      result("demo/b", 1, 0.5), // repeat 1 mean 0.5
    ]);
    expect(rows).toHaveLength(1);
    const f1 = rows[0]!.metrics.f1!;
    expect(f1.mean).toBeCloseTo(0.4, 10);
    expect(f1.std).toBeCloseTo(Math.sqrt(0.02), 10);
    expect(f1.repeats).toBe(2);
    expect(rows[0]!.tasks).toBe(2);
    expect(rows[0]!.usage.costUsd).toBeCloseTo(2, 10);
    expect(rows[0]!.usage.calls).toBe(8);
  });

  test("null values are left out, failed cells are counted but not averaged", () => {
    const rows = summarize([
      result("demo/a", 0, 0.6),
      result("demo/b", 0, null),
      result("demo/c", 0, 0, { status: "failed", error: "boom" }),
    ]);
    expect(rows[0]!.metrics.f1!.mean).toBeCloseTo(0.6, 10);
    expect(rows[0]!.metrics.f1!.std).toBe(0);
    expect(rows[0]!.failed).toBe(1);
    expect(rows[0]!.cells).toBe(2);
    expect(rows[0]!.metrics.topology!.mean).toBeNull();
  });

  test("one row per agent × model × split, sorted (original before mixed)", () => {
    const a = result("demo/a", 0, 0.1);
    const b = { ...result("demo/a", 0, 0.3), cell: { ...a.cell, split: "mixed" as const } };
    const c = { ...result("demo/a", 0, 0.9), cell: { ...a.cell, agent: "basic", model: "openai:gpt-4o" } };
    const rows = summarize([b, a, c]);
    expect(rows.map((r) => [r.agent, r.split])).toEqual([
      ["basic", "original"],
      ["extractive", "original"],
      ["extractive", "mixed"],
    ]);
    const table = formatSummaryTable(rows);
    expect(table.split("\n")).toHaveLength(5);
    expect(table).toContain("30.00");
    expect(table).toContain("F1");
  });
});

describe("planCells", () => {
  test("offline agents get the `none` model, LLM agents one cell per model", () => {
    const cells = planCells({
      tasks: ["demo/a", "demo/b"],
      agents: [
        { spec: "extractive", needsModel: false },
        { spec: "drfa", needsModel: true },
      ],
      models: ["m1", "m2"],
      splits: ["original", "mixed"],
      repeats: 3,
    });
    expect(cells).toHaveLength(3 * 2 * (2 + 4));
    expect(cells.filter((c) => c.agent === "extractive").every((c) => c.model === "none")).toBe(true);
  });

  test("an LLM agent without models is an error naming the flag", () => {
    expect(() =>
      planCells({
        tasks: ["demo/a"],
        agents: [{ spec: "basic", needsModel: true }],
        models: [],
        splits: ["original"],
        repeats: 1,
      }),
    ).toThrow(/--models/);
  });
});

test("the summary's columns follow the task kinds judged: DRFlow's, DRBench's, or both", () => {
  expect(metricColumns([{ f1: 0.5 }])).toEqual([...metricNames("drflow")]);
  expect(metricColumns([{ insight_recall: 0.3, factuality: 1 }])).toEqual([...metricNames("drbench")]);
  expect(metricColumns([{ f1: 0.5 }, { insight_recall: 0.3 }])).toEqual([
    ...metricNames("drflow"),
    "insight_recall",
    "distractor_avoidance",
    "report_quality",
    "insight_recall_reachable",
  ]);
  const row = {
    agent: "brief",
    model: "none",
    split: "original" as const,
    tasks: 2,
    cells: 2,
    failed: 0,
    metrics: {
      insight_recall: {
        mean: 0.29,
        std: 0,
        repeats: 1,
        counts: { scored: 2, not_applicable: 0, unscored: 0 },
      },
    },
    usage: {
      ...noRunUsage(),
      calls: 5,
      costUsd: 0.5,
      unpricedCalls: 2,
      listCostUsd: 0.75,
      listUnpricedCalls: 2,
      cachedCalls: 1,
    },
  };
  const table = formatSummaryTable([row]);
  // Calls of an unpriced handle make the cost a lower bound, and the table says so.
  expect(table).toContain("≥ $0.5000 (2 calls unpriced)");
  // Both totals, labelled: what was fetched, and every call at list price with the cache hits.
  expect(table).toMatch(/cost fetched\s+at list price/);
  expect(table).toContain("≥ $0.7500 (2 calls unpriced) (1 cached)");
  expect(table).toContain("Insight Rec.");
  expect(table).toContain("Distr. Avoid.");
  expect(table).not.toContain("Topo.");
});
