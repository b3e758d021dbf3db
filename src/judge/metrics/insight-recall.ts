/**
 * @module DRBench insight recall: the share of golden insights stated by the report's first gold + 5 atomic insights —
 * over all of them, and over those reachable in the loaded environment (a fact from a public article counts only when
 * its page is in the task's offline web store; the cutoff k stays gold + 5 of all golden insights).
 */
import { needsInsights } from "./applicability.ts";
import { goldInsights, unitMetric } from "./insight-matching.ts";

export const insightRecall = unitMetric(
  {
    name: "insight_recall",
    label: { short: "Insight Rec.", long: "Insight Recall" },
    notApplicable: needsInsights,
  },
  goldInsights,
  1,
);
export const insightRecallReachable = unitMetric(
  {
    name: "insight_recall_reachable",
    label: { short: "Rec. (reach.)", long: "Insight Recall over reachable insights" },
  },
  (ctx) => goldInsights(ctx).filter((u) => ctx.reachable.has(u.id)),
  1,
);
