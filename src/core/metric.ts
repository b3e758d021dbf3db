/** @module Metric results: a value, how many items were scored or left unscored, per-item details, and the pinned judge. */
import { z } from "zod";

/**
 * A metric's name. Which names exist is the metric registry's (src/judge/metrics/index.ts: each metric declares itself);
 * a stored result keeps its name even if its metric is later unregistered.
 */
export const MetricName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, "expected a metric name of lower-case letters, digits and _");
export type MetricName = z.infer<typeof MetricName>;

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

/** The evidence behind one decision, for `drflow judge --explain` and the studio's judgment page. */
export const ItemEvidence = z.object({
  /** The text judged: a predicted step's text, a claim. */
  text: z.string().optional(),
  /** What supported (or failed to support) it: the best cited chunk, the aligned golden step's text. */
  support: z.string().optional(),
  /** Where the support came from (source id, golden step id). */
  source: z.string().optional(),
  /** Similarity or support share behind the decision, in [0, 1]. */
  similarity: z.number().optional(),
  /** Specific details (names, ids, dates, amounts) credited, expected but missing, and stated but belonging elsewhere. */
  credited: z.array(z.string()).optional(),
  missing: z.array(z.string()).optional(),
  misplaced: z.array(z.string()).optional(),
});
export type ItemEvidence = z.infer<typeof ItemEvidence>;

/** One scored (or unscored) item behind a metric: a step, a pair, a condition, an insight. */
export const MetricItem = z.object({
  id: z.string(),
  /** null when the judge's reply could not be parsed: unscored, never folded into 0. */
  score: z.number().nullable(),
  matched: z.string().nullable().default(null),
  confidence: z.number().nullable().default(null),
  justification: z.string().default(""),
  evidence: ItemEvidence.optional(),
});
export type MetricItem = z.infer<typeof MetricItem>;

export const MetricResult = z.object({
  metric: MetricName,
  /** In [0, 1]; null when not applicable to the task or when the judge could not score it (see `metricStatus`). */
  value: z.number().min(0).max(1).nullable(),
  /** Why the metric does not apply to this task (decided by the task alone, never by the report); absent when it applies. */
  not_applicable: z.string().optional(),
  scored: z.number().int().min(0),
  unscored: z.number().int().min(0).default(0),
  items: z.array(MetricItem).default([]),
  judge: JudgeInfo,
  tokens: z.number().int().min(0).default(0),
});
export type MetricResult = z.infer<typeof MetricResult>;

/**
 * A result's standing in averages: `scored` (a number), `not_applicable` (the task gives the metric nothing to measure;
 * left out of every agent's mean alike), `unscored` (the judge failed; left out, and counted in every summary).
 */
export type MetricStatus = "scored" | "not_applicable" | "unscored";

export function metricStatus(result: Pick<MetricResult, "value" | "not_applicable">): MetricStatus {
  if (result.not_applicable) return "not_applicable";
  return result.value === null ? "unscored" : "scored";
}
