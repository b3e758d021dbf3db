/** @module Every metric by name, and the order that runs a selection after its dependencies. */
import type { MetricName } from "../../core/index.ts";
import { conditionResolution } from "./condition-resolution.ts";
import { distractorAvoidance } from "./distractor-avoidance.ts";
import { f1 } from "./f1.ts";
import { factuality } from "./factuality.ts";
import { insightRecall, insightRecallReachable } from "./insight-recall.ts";
import { personalizedComprehensiveness } from "./personalized-comprehensiveness.ts";
import { precision } from "./precision.ts";
import { recall } from "./recall.ts";
import { reportQuality } from "./report-quality.ts";
import { topology } from "./topology.ts";
import type { Metric } from "./types.ts";

export const METRICS: Record<MetricName, Metric> = {
  precision,
  recall,
  f1,
  topology,
  condition_resolution: conditionResolution,
  personalized_comprehensiveness: personalizedComprehensiveness,
  factuality,
  insight_recall: insightRecall,
  insight_recall_reachable: insightRecallReachable,
  distractor_avoidance: distractorAvoidance,
  report_quality: reportQuality,
};

/** The requested metrics and everything they depend on, each after its dependencies (stable in request order). */
export function metricOrder(requested: readonly MetricName[]): Metric[] {
  const out: Metric[] = [];
  const visiting = new Set<MetricName>();
  const visit = (name: MetricName) => {
    if (out.some((m) => m.name === name)) return;
    if (visiting.has(name)) throw new Error(`metric dependency cycle through ${name}`);
    visiting.add(name);
    const metric = METRICS[name];
    for (const dep of metric.dependsOn) visit(dep);
    visiting.delete(name);
    out.push(metric);
  };
  for (const name of requested) visit(name);
  return out;
}
