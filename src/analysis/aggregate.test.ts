import { describe, expect, test } from "bun:test";
import { aggregate, splitDeltas } from "./aggregate.ts";
import { ScoreRow } from "./rows.ts";
import { formatMeanStd } from "./stats.ts";

function row(
  task: string,
  repeat: number,
  split: "original" | "mixed",
  metric: "f1" | "recall",
  value: number | null,
) {
  return ScoreRow.parse({
    run_id: `${task}-${split}-${repeat}`,
    task,
    agent: "extractive",
    split,
    repeat,
    metric,
    value,
  });
}

const rows = [
  row("demo/healthcare_01", 0, "original", "f1", 0.4),
  row("demo/legal_01", 0, "original", "f1", 0.6),
  row("demo/healthcare_01", 1, "original", "f1", 0.6),
  row("demo/legal_01", 1, "original", "f1", 0.8),
  row("demo/legal_01", 1, "original", "recall", null),
  row("demo/healthcare_01", 0, "mixed", "f1", 0.3),
  row("demo/legal_01", 0, "mixed", "f1", 0.5),
];

describe("aggregate", () => {
  test("mean over tasks per repeat, then mean ± std over repeats (hand-computed 0.6 ± 0.1414)", () => {
    const [mixed, original] = aggregate(rows, ["agent", "split"]);
    expect(original!.group).toEqual({ agent: "extractive", split: "original" });
    expect(original!.metrics.f1!.mean).toBeCloseTo(0.6, 12);
    expect(original!.metrics.f1!.std).toBeCloseTo(Math.SQRT2 / 10, 12);
    expect(original!.tasks).toBe(2);
    expect(original!.repeats).toBe(2);
    expect(original!.metrics.recall).toBeUndefined();
    expect(mixed!.metrics.f1).toEqual({ mean: 0.4, std: null, n: 1 });
    expect(formatMeanStd(original!.metrics.f1!)).toBe("60.00 ± 14.14");
  });

  test("per-domain groups fall back to the task id's domain prefix", () => {
    const cells = aggregate(rows, ["domain"]);
    expect(cells.map((c) => c.group.domain)).toEqual(["healthcare", "legal"]);
  });

  test("ablation flags keep agents apart", () => {
    const a = ScoreRow.parse({
      ...rows[0],
      agent: "drfa",
      agent_options: { gf: false, cap: true, iterations: 5 },
    });
    const b = ScoreRow.parse({
      ...rows[0],
      agent: "drfa",
      agent_options: { gf: true, cap: true, iterations: 5 },
    });
    expect(aggregate([a, b], ["agent"]).map((c) => c.group.agent)).toEqual([
      "drfa (iterations=5)",
      "drfa w/o GF (iterations=5)",
    ]);
  });
});

describe("splitDeltas", () => {
  test("mixed − original per metric", () => {
    const [d] = splitDeltas(rows, ["agent"]).filter((x) => x.metric === "f1");
    expect(d!.original).toBeCloseTo(0.6, 12);
    expect(d!.mixed).toBeCloseTo(0.4, 12);
    expect(d!.delta).toBeCloseTo(-0.2, 12);
  });
});
