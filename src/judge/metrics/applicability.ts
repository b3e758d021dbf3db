/**
 * @module When a metric does not apply: decided by the task alone (its golden workflow, its reference facts), never by
 * the report, so every agent is averaged over the same tasks and a report cannot opt out of a metric by omission.
 */
import { DRFLOW_METRICS, type MetricName, type MetricResult } from "../../core/index.ts";
import type { DecisionKind } from "../judges/types.ts";
import type { MetricContext } from "./types.ts";

/** Why `metric` does not apply to the task under evaluation, or null when it applies. */
export function notApplicableReason(
  metric: MetricName,
  ctx: Pick<MetricContext, "gold" | "task">,
): string | null {
  const workflowMetric = DRFLOW_METRICS.includes(metric as (typeof DRFLOW_METRICS)[number]);
  if (workflowMetric && metric !== "factuality" && ctx.gold.length === 0)
    return "the task has no golden workflow";
  if (metric === "topology" && ctx.gold.length < 2)
    return "the golden workflow has fewer than two steps: no order to check";
  if (
    metric === "condition_resolution" &&
    !ctx.gold.some((g) => g.condition !== null || g.condition_description.trim())
  )
    return "the golden workflow has no conditional step";
  if (metric === "insight_recall" && !ctx.task.evidence.some((e) => e.role === "insight"))
    return "the task has no golden insights";
  if (metric === "distractor_avoidance" && !ctx.task.evidence.some((e) => e.role === "distractor"))
    return "the task has no distractor facts";
  return null;
}

/** The result of a metric that does not apply: no value, no items, the reason. */
export function notApplicableResult(
  metric: MetricName,
  reason: string,
  judge: MetricResult["judge"],
): MetricResult {
  return { metric, value: null, not_applicable: reason, scored: 0, unscored: 0, items: [], judge, tokens: 0 };
}

/** The judge decision whose pinned description a metric's result carries. */
export function decisionOf(metric: MetricName): DecisionKind {
  switch (metric) {
    case "f1":
    case "topology":
      return "precision";
    case "insight_recall":
    case "distractor_avoidance":
      return "insight_match";
    default:
      return metric;
  }
}
