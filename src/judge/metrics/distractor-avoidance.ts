/** @module DRBench distractor avoidance: 1 − the share of distractor facts stated by the report's first gold + 5 insights. */
import { distractorUnits, insightMatching } from "./insight-matching.ts";
import { unitItems } from "./insight-recall.ts";
import { type Metric, meanScore } from "./types.ts";

export const distractorAvoidance: Metric = {
  name: "distractor_avoidance",
  dependsOn: [],
  async run(ctx) {
    const m = await insightMatching(ctx);
    // Each distractor scores 1 when avoided, 0 when the report states it: the mean is 1 − distractor recall.
    const items = unitItems(distractorUnits(ctx), m, 0);
    const unscored = items.filter((i) => i.score === null).length;
    return {
      metric: "distractor_avoidance",
      value: meanScore(items),
      scored: items.length - unscored,
      unscored,
      items,
      judge: ctx.judge.info("insight_match"),
      tokens: m.tokens,
    };
  },
};
