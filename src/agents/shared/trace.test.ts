import { expect, test } from "bun:test";
import type { TraceEvent } from "../types.ts";
import { usageTotals } from "./trace.ts";

test("usage totals count calls of unpriced handles apart: their cost is unknown, never summed as $0", () => {
  const model = (stage: string, costUsd: number, costKnown?: false): TraceEvent => ({
    type: "model",
    at: 0,
    stage,
    usage: {
      inputTokens: 10,
      outputTokens: 2,
      costUsd,
      latencyMs: 5,
      cached: false,
      ...(costKnown === false ? { costKnown } : {}),
    },
  });
  const totals = usageTotals([model("plan", 0.01), model("plan", 0, false), model("write", 0, false)]);
  expect(totals.costUsd).toBeCloseTo(0.01, 12);
  expect(totals.unpricedCalls).toBe(2);
  expect(totals.byStage.plan).toMatchObject({ calls: 2, costUsd: 0.01, unpricedCalls: 1 });
  expect(totals.byStage.write).toMatchObject({ calls: 1, unpricedCalls: 1 });
});
