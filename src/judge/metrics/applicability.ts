/**
 * @module When a metric does not apply: decided by the task alone (its golden workflow, its reference facts), never by
 * the report, so every agent is averaged over the same tasks and a report cannot opt out of a metric by omission. Each
 * metric names its rule (`Metric.notApplicable`); the rules and the not-applicable result live here.
 */
import type { MetricName, MetricResult } from "../../core/index.ts";
import type { MetricContext } from "./types.ts";

type TaskSide = Pick<MetricContext, "gold" | "task">;

/** The workflow metrics need a golden workflow. */
export function needsWorkflow(ctx: TaskSide): string | null {
  return ctx.gold.length === 0 ? "the task has no golden workflow" : null;
}

/** Topology needs an order to check. */
export function needsTwoSteps(ctx: TaskSide): string | null {
  return ctx.gold.length < 2 ? "the golden workflow has fewer than two steps: no order to check" : null;
}

/** Condition resolution needs a conditional step. */
export function needsCondition(ctx: TaskSide): string | null {
  return ctx.gold.some((g) => g.condition !== null || g.condition_description.trim())
    ? null
    : "the golden workflow has no conditional step";
}

/** Insight recall needs golden insights. */
export function needsInsights(ctx: TaskSide): string | null {
  return ctx.task.evidence.some((e) => e.role === "insight") ? null : "the task has no golden insights";
}

/** Distractor avoidance needs distractor facts. */
export function needsDistractors(ctx: TaskSide): string | null {
  return ctx.task.evidence.some((e) => e.role === "distractor") ? null : "the task has no distractor facts";
}

/** The result of a metric that does not apply: no value, no items, the reason. */
export function notApplicableResult(
  metric: MetricName,
  reason: string,
  judge: MetricResult["judge"],
): MetricResult {
  return { metric, value: null, not_applicable: reason, scored: 0, unscored: 0, items: [], judge, tokens: 0 };
}
