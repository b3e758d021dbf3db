/** @module DRBench insight recall: the share of golden insights stated by the report's first gold + 5 atomic insights. */
import { goldInsights, unitMetric } from "./insight-matching.ts";

export const insightRecall = unitMetric("insight_recall", goldInsights, 1);
