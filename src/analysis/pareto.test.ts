import { describe, expect, test } from "bun:test";
import { costPerReport, paretoFrontier } from "./pareto.ts";
import { CostRow } from "./rows.ts";

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
        cost_usd: c,
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
});
