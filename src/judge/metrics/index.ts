/**
 * @module The metric registry: every metric's declaration in THE column order (tables, summaries, the studio and the
 * API list metrics in this order), the lists and labels derived from it, and the order that runs a selection after its
 * dependencies. Adding a metric is its own file plus one entry here (or `registerMetric` from a plug-in or a test).
 */
import { type MetricName, TaskKind } from "../../core/index.ts";
import { liveEnum } from "../../core/live-enum.ts";
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

/**
 * THE column order. A task kind's columns are its metrics in this order (DRFlow's as the paper's Table 2 prints them:
 * Fact., Recall, Prec., F1, Topo., Cond. Res., Pers. Comp.; DRBench's as DRBench reports them: insight recall,
 * distractor avoidance, factuality, report quality), and a summary of both kinds shows DRFlow's, then DRBench's own.
 */
const METRICS: Metric[] = [
  insightRecall,
  distractorAvoidance,
  factuality,
  recall,
  precision,
  f1,
  topology,
  conditionResolution,
  personalizedComprehensiveness,
  reportQuality,
  insightRecallReachable,
];

/** Add a metric (a plug-in, a test's throwaway metric): from then on evaluation, tables, the API and the studio know it. */
export function registerMetric(metric: Metric): void {
  if (METRICS.some((m) => m.name === metric.name))
    throw new Error(`metric "${metric.name}" is already registered`);
  for (const dep of metric.dependsOn)
    if (!METRICS.some((m) => m.name === dep))
      throw new Error(`metric "${metric.name}" depends on unknown metric "${dep}"`);
  METRICS.push(metric);
}

/** Remove a metric `registerMetric` added (tests clean up after themselves). */
export function unregisterMetric(name: MetricName): void {
  const i = METRICS.findIndex((m) => m.name === name);
  if (i >= 0) METRICS.splice(i, 1);
}

/** Every registered metric, in column order. */
export function metricDefinitions(): readonly Metric[] {
  return METRICS;
}

/** The registered metric names in column order; with `kind`, those judging that task kind. */
export function metricNames(kind?: TaskKind): MetricName[] {
  return METRICS.filter((m) => !kind || m.kinds.includes(kind)).map((m) => m.name);
}

/** A registered metric's declaration, or an error naming the known ones. */
export function metricByName(name: MetricName): Metric {
  const metric = METRICS.find((m) => m.name === name);
  if (!metric) throw new Error(`unknown metric "${name}": expected one of ${metricNames().join(", ")}`);
  return metric;
}

/** How tables and reports name a metric; a name no longer registered (an old stored run) shows as itself. */
export function metricLabel(name: MetricName): { short: string; long: string } {
  return METRICS.find((m) => m.name === name)?.label ?? { short: name, long: name };
}

/** A registered metric's name (the API's and CLI's metric lists; an OpenAPI enum of the names registered now). */
export const KnownMetricName = liveEnum("metric", () => metricNames());

/**
 * The columns a summary shows: for each task kind (in `TaskKind` order) whose own metrics (those judging only that
 * kind) appear in `maps`, its metrics in column order, each metric once; DRFlow's when nothing is known.
 */
export function metricColumns(maps: readonly Partial<Record<string, unknown>>[]): MetricName[] {
  const present = new Set(maps.flatMap((m) => Object.keys(m)));
  const kinds = TaskKind.options.filter((k) =>
    METRICS.some((m) => m.kinds.length === 1 && m.kinds[0] === k && present.has(m.name)),
  );
  const columns = (kinds.length ? kinds : (["drflow"] as const)).flatMap((k) => metricNames(k));
  return [...new Set(columns)];
}

/** The requested metrics and everything they depend on, each after its dependencies (stable in request order). */
export function metricOrder(requested: readonly MetricName[]): Metric[] {
  const out: Metric[] = [];
  const visiting = new Set<MetricName>();
  const visit = (name: MetricName) => {
    if (out.some((m) => m.name === name)) return;
    if (visiting.has(name)) throw new Error(`metric dependency cycle through ${name}`);
    visiting.add(name);
    const metric = metricByName(name);
    for (const dep of metric.dependsOn) visit(dep);
    visiting.delete(name);
    out.push(metric);
  };
  for (const name of requested) visit(name);
  return out;
}
