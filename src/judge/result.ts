/** @module What `evaluate` returns: metric results, the alignments behind them, report problems, tokens, and agreement between repeats. */
import { z } from "zod";
import { MetricName, MetricResult } from "../core/index.ts";
import { Explanation } from "./explain.ts";
import { Problem } from "./report/problem.ts";

export const AlignmentRow = z.object({
  /** `PRED_STEP_<n>` (precision) or `WORKFLOW_STEP_<n>` (recall). */
  source: z.string(),
  /** What the judge proposed, before the one-to-one constraint and the confidence bar. */
  proposed: z.string().nullable(),
  /** What survived them. */
  aligned: z.string().nullable(),
  confidence: z.number().nullable(),
  outcome: z.enum(["aligned", "no_match", "below_bar", "taken", "unscored"]),
  justification: z.string(),
});
export type AlignmentRow = z.infer<typeof AlignmentRow>;

export const MetricSpread = z.object({
  metric: MetricName,
  values: z.array(z.number().nullable()),
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  std: z.number().nullable(),
});
export type MetricSpread = z.infer<typeof MetricSpread>;

export const RepeatAgreement = z.object({
  repeats: z.number().int().min(1),
  /** Share of alignment decisions (precision and recall, by source step) identical in every repeat. */
  alignment_agreement: z.number().min(0).max(1).nullable(),
  decisions: z.number().int().min(0),
  spread: z.array(MetricSpread),
});
export type RepeatAgreement = z.infer<typeof RepeatAgreement>;

export const EvaluationResult = z.object({
  task_id: z.string(),
  judge: z.string(),
  protocol: z.enum(["per-step", "batched", "lexical"]),
  metrics: z.array(MetricResult),
  alignment: z.object({ precision: z.array(AlignmentRow), recall: z.array(AlignmentRow) }),
  problems: z.array(Problem),
  /** Things worth knowing about the judgment itself, e.g. a report that names another task. */
  warnings: z.array(z.string()).default([]),
  /** Judge tokens spent on this report (all metrics, first repeat). */
  tokens: z.number().int().min(0),
  repeats: RepeatAgreement.nullable(),
  /** Why each score is what it is (first repeat): what `drflow judge --explain` prints and the studio renders. */
  explanation: Explanation,
});
export type EvaluationResult = z.infer<typeof EvaluationResult>;
