/** @module F1 per task: the harmonic mean of that task's precision and recall. */

import { needsWorkflow } from "./applicability.ts";
import type { Metric } from "./types.ts";

export function f1Of(p: number | null, r: number | null): number | null {
  if (p === null || r === null) return null;
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

export const f1: Metric = {
  name: "f1",
  label: { short: "F1", long: "F1" },
  kinds: ["drflow"],
  decisions: ["precision", "recall"],
  dependsOn: ["precision", "recall"],
  notApplicable: needsWorkflow,
  async run({ judge, state }) {
    const p = state.results.get("precision")!;
    const r = state.results.get("recall")!;
    const value = f1Of(p.value, r.value);
    return {
      metric: "f1",
      value,
      scored: value === null ? 0 : 1,
      unscored: value === null ? 1 : 0,
      items: [
        {
          id: "task",
          score: value,
          matched: null,
          confidence: null,
          justification: `precision ${p.value?.toFixed(4) ?? "unscored"}, recall ${r.value?.toFixed(4) ?? "unscored"}`,
        },
      ],
      judge: judge.info("precision"),
      tokens: 0,
    };
  },
};
