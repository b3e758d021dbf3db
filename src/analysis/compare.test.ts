import { describe, expect, test } from "bun:test";
import { MetricItem } from "../core/index.ts";
import { itemDifferences, metricDeltas, winsLosses } from "./compare.ts";
import { ScoreRow } from "./rows.ts";

const r = (agent: string, task: string, value: number, metric: "f1" | "recall" = "f1") =>
  ScoreRow.parse({ run_id: `${agent}-${task}`, task, agent, split: "original", metric, value });

const a = [r("A", "t1", 0.5), r("A", "t2", 0.4), r("A", "t3", 0.7), r("A", "t4", 0.2)];
const b = [r("B", "t1", 0.6), r("B", "t2", 0.4), r("B", "t3", 0.5), r("B", "t5", 0.9)];

describe("compare", () => {
  test("per-metric deltas over shared tasks with a paired bootstrap CI", () => {
    const [d] = metricDeltas(a, b, { seed: 1, resamples: 500 });
    expect(d!.metric).toBe("f1");
    expect(d!.a).toBeCloseTo((0.5 + 0.4 + 0.7) / 3, 12);
    expect(d!.b).toBeCloseTo(0.5, 12);
    expect(d!.ci.estimate).toBeCloseTo((0.1 + 0 - 0.2) / 3, 12);
    expect(d!.ci.n).toBe(3);
    expect(d!.ci.low).toBeLessThanOrEqual(d!.ci.estimate);
  });

  test("wins, losses and ties per shared task", () => {
    const w = winsLosses(a, b, "f1");
    expect(w.tasks.map((t) => [t.task, t.outcome])).toEqual([
      ["t1", "win"],
      ["t2", "tie"],
      ["t3", "loss"],
    ]);
    expect([w.wins, w.losses, w.ties]).toEqual([1, 1, 1]);
  });

  test("items the runs scored differently", () => {
    const item = (id: string, score: number | null, matched: string | null) =>
      MetricItem.parse({ id, score, matched });
    const diffs = itemDifferences(
      [item("g1", 1, "p1"), item("g2", 0, null), item("g3", 1, "p3")],
      [item("g1", 1, "p2"), item("g2", 1, "p4"), item("g4", 1, "p5")],
    );
    expect(diffs.map((d) => d.id)).toEqual(["g2", "g3", "g4"]);
  });
});
