/** @module Metric items from an alignment: one per decision, with its outcome, matched step and confidence. */
import type { MetricItem } from "../../core/index.ts";
import type { Alignment } from "../alignment/one-to-one.ts";

/** Items for precision (`pred` → `gold`) or recall (`gold` → `pred`); unscored decisions get a null score. */
export function alignmentItems(
  alignment: Alignment,
  sourceId: (item: number) => string,
  targetId: (item: number) => string,
): MetricItem[] {
  const aligned = new Map(alignment.pairs.map((p) => [p.source, p]));
  return alignment.decisions.map((d) => {
    const outcome = alignment.outcomes.get(d.source) ?? "no_match";
    const pair = aligned.get(d.source);
    return {
      id: sourceId(d.source),
      score: outcome === "unscored" ? null : pair ? 1 : 0,
      matched: pair ? targetId(pair.target) : null,
      confidence: d.confidence,
      justification: `[${outcome}${d.target !== null && !pair ? ` → ${targetId(d.target)}` : ""}] ${d.justification}`,
    };
  });
}
