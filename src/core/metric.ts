/** @module Metric results: a value, how many items were scored or left unscored, per-item details, and the pinned judge. */
import { z } from "zod";

export const DRFLOW_METRICS = [
  "factuality",
  "recall",
  "precision",
  "f1",
  "topology",
  "condition_resolution",
  "personalized_comprehensiveness",
] as const;
export const DRBENCH_METRICS = [
  "insight_recall",
  "distractor_avoidance",
  "factuality",
  "report_quality",
  "insight_recall_reachable",
] as const;

export const MetricName = z.enum([
  ...DRFLOW_METRICS,
  "insight_recall",
  "distractor_avoidance",
  "report_quality",
  "insight_recall_reachable",
]);
export type MetricName = z.infer<typeof MetricName>;

/** How tables name each metric: `short` column headers (the paper's abbreviations) and `long` names for reports. */
export const METRIC_LABELS: Record<MetricName, { short: string; long: string }> = {
  factuality: { short: "Fact.", long: "Factuality" },
  recall: { short: "Recall", long: "Recall" },
  precision: { short: "Prec.", long: "Precision" },
  f1: { short: "F1", long: "F1" },
  topology: { short: "Topo.", long: "Topology" },
  condition_resolution: { short: "Cond. Res.", long: "Condition Resolution" },
  personalized_comprehensiveness: { short: "Pers. Comp.", long: "Personalized Comprehensiveness" },
  insight_recall: { short: "Insight Rec.", long: "Insight Recall" },
  distractor_avoidance: { short: "Distr. Avoid.", long: "Distractor Avoidance" },
  report_quality: { short: "Report Q.", long: "Report Quality" },
  insight_recall_reachable: { short: "Rec. (reach.)", long: "Insight Recall over reachable insights" },
};

/** How a judge decision was made, pinned so every number can be reproduced. */
export const JudgeInfo = z.object({
  judge: z.string().min(1),
  model: z.string().default(""),
  temperature: z.number().nullable().default(null),
  seed: z.number().int().nullable().default(null),
  prompt_hash: z.string().default(""),
  protocol: z.enum(["per-step", "batched", "lexical"]).default("lexical"),
});
export type JudgeInfo = z.infer<typeof JudgeInfo>;

/** One scored (or unscored) item behind a metric: a step, a pair, a condition, an insight. */
export const MetricItem = z.object({
  id: z.string(),
  /** null when the judge's reply could not be parsed: unscored, never folded into 0. */
  score: z.number().nullable(),
  matched: z.string().nullable().default(null),
  confidence: z.number().nullable().default(null),
  justification: z.string().default(""),
});
export type MetricItem = z.infer<typeof MetricItem>;

export const MetricResult = z.object({
  metric: MetricName,
  /** In [0, 1]; null when nothing could be scored. */
  value: z.number().min(0).max(1).nullable(),
  scored: z.number().int().min(0),
  unscored: z.number().int().min(0).default(0),
  items: z.array(MetricItem).default([]),
  judge: JudgeInfo,
  tokens: z.number().int().min(0).default(0),
});
export type MetricResult = z.infer<typeof MetricResult>;
