/** @module DRBench insight recall: the share of golden insights stated by the report's first gold + 5 atomic insights. */
import type { EvidenceUnit, MetricItem } from "../../core/index.ts";
import { goldInsights, type InsightMatching, insightMatching } from "./insight-matching.ts";
import { type Metric, meanScore } from "./types.ts";

/**
 * Items per unit: 1 when some considered insight states it, 0 when every considered insight was judged and none does,
 * null (unscored) when it was not stated but some judge reply could not be read.
 */
export function unitItems(units: readonly EvidenceUnit[], m: InsightMatching, hit: 1 | 0): MetricItem[] {
  const someUnscored = m.considered === null || m.matches.some((x) => x === undefined);
  return units.map((u) => {
    const at = m.matches.indexOf(u.id);
    const stated = at >= 0;
    return {
      id: u.id,
      score: stated ? hit : someUnscored ? null : 1 - hit,
      matched: stated ? `INSIGHT_${at + 1}` : null,
      confidence: null,
      justification: stated
        ? `stated by report insight ${at + 1}: "${m.considered![at]!.text.slice(0, 160)}"`
        : someUnscored
          ? `not found, but ${m.considered === null ? "the decomposition" : "some matches"} could not be read: unscored`
          : `not stated by any of the ${m.considered!.length} considered insights`,
    };
  });
}

export const insightRecall: Metric = {
  name: "insight_recall",
  dependsOn: [],
  async run(ctx) {
    const m = await insightMatching(ctx);
    const items = unitItems(goldInsights(ctx), m, 1);
    const unscored = items.filter((i) => i.score === null).length;
    return {
      metric: "insight_recall",
      value: meanScore(items),
      scored: items.length - unscored,
      unscored,
      items,
      judge: ctx.judge.info("insight_match"),
      tokens: m.tokens,
    };
  },
};
