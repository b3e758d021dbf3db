import { describe, expect, test } from "bun:test";
import { costPerReport, paretoFrontier } from "./pareto.ts";
import { CostRow, costColumns, costRows, ScoredRun } from "./rows.ts";

describe("paretoFrontier", () => {
  test("hand-computed frontier: dominated points drop, equal points stay, sorted by cost", () => {
    const points = [
      { id: "A", cost: 1, value: 0.5 },
      { id: "B", cost: 2, value: 0.7 },
      { id: "C", cost: 3, value: 0.6 }, // dominated by B
      { id: "D", cost: 0.5, value: 0.3 },
      { id: "E", cost: 4, value: 0.9 },
      { id: "F", cost: 2, value: 0.7 }, // equal to B
      { id: "G", cost: 5, value: 0.9 }, // dominated by E (same score, dearer)
      { id: "H", cost: 1, value: 0.4 }, // dominated by A (same cost, lower)
    ];
    expect(paretoFrontier(points).map((p) => p.id)).toEqual(["D", "A", "B", "F", "E"]);
  });
  test("empty in, empty out", () => {
    expect(paretoFrontier([])).toEqual([]);
  });
});

describe("costPerReport", () => {
  test("mean run cost per agent × model", () => {
    const rows = [0.02, 0.04, 0.06].map((c, i) =>
      CostRow.parse({
        run_id: `r${i}`,
        task: `demo/t${i}`,
        agent: "drfa",
        model: "openai:x",
        split: "original",
        ...costColumns({ usd: c, unpricedCalls: 0 }),
        input_tokens: 100 * i,
        output_tokens: 10,
      }),
    );
    const [cell] = costPerReport(rows);
    expect(cell!.group).toEqual({ agent: "drfa", model: "openai:x" });
    expect(cell!.costUsd).toBeCloseTo(0.04, 12);
    expect(cell!.reports).toBe(3);
    expect(cell!.tokens).toBeCloseTo(110, 12);
  });

  test("a group with a run of unpriced calls has no known cost (null, never $0), its priced part kept as a lower bound", () => {
    const run = (id: string, usd: number, unpricedCalls: number) =>
      ScoredRun.parse({
        run_id: id,
        task: `demo/${id}`,
        agent: "drfa",
        model: "compat:http://127.0.0.1:8000/v1#m",
        split: "original",
        report: null,
        ...costColumns({ usd, unpricedCalls }),
      });
    const rows = costRows([run("a", 0.02, 0), run("b", 0, 3), run("c", 0.04, 1)]);
    expect(rows.map((r) => r.cost_usd)).toEqual([0.02, null, null]);
    const [cell] = costPerReport(rows);
    expect(cell!.costUsd).toBeNull();
    expect(cell!.pricedCostUsd).toBeCloseTo(0.02, 12);
    expect(cell!.unpricedCalls).toBe(4);
    // An offline run (no calls) costs a known $0.
    expect(ScoredRun.parse({ ...run("d", 0, 0), cost_usd: undefined }).cost_usd).toBe(0);
  });
});
