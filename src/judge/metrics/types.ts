/** @module The metric contract: a name, the metrics it depends on, and a run over the shared evaluation context. */
import type {
  JudgeInfo,
  MetricItem,
  MetricName,
  MetricResult,
  Report,
  ReportStep,
  Task,
  TaskKind,
} from "../../core/index.ts";
import type { Alignment } from "../alignment/one-to-one.ts";
import type { GoldStep } from "../gold.ts";
import type { AtomicInsight, DecisionKind, Judge, Verdict } from "../judges/types.ts";
import type { ReadReport } from "../reading/report.ts";
import type { CitationResolver } from "../reading/resolve.ts";
import type { SourceReader } from "../sources.ts";

export type InsightMatching = {
  /** The report insights considered (first gold + 5); null when the decomposition was unscored. */
  considered: AtomicInsight[] | null;
  /** Per considered insight: the evidence unit id it states, null for none, undefined when its reply was unscored. */
  /** Per considered insight: the evidence unit ids it states ([] for none), undefined when its reply was unscored. */
  matches: (string[] | undefined)[];
  note: string;
  /** Tokens spent, charged to the first metric that asked. */
  tokens: number;
};

/** What metrics share while one report is evaluated: alignments and decomposed insights are computed once. */
export type EvaluationState = {
  precision?: Alignment;
  recall?: Alignment;
  /** The report's atomic insights (DRBench), decomposed by the first metric that needs them. */
  insights?: Promise<Verdict<AtomicInsight[]>>;
  /** Considered insights matched to reference facts, shared by insight recall and distractor avoidance. */
  insightMatching?: Promise<InsightMatching>;
  results: Map<MetricName, MetricResult>;
};

export type MetricContext = {
  report: Report;
  /** The report as Markdown (what DRBench-style judges read). */
  reportText: string;
  task: Task;
  gold: GoldStep[];
  /** The predicted steps under evaluation: the personalized workflow (or the generic one when there is none). */
  predicted: ReportStep[];
  judge: Judge;
  sources: SourceReader;
  /** The report as the shared reader sees it: claims with citations, the report's citation map, unusable-structure reason. */
  reading: ReadReport;
  /** Citation keys (any form) → the task's sources they name. */
  resolve: CitationResolver;
  /**
   * Evidence units an agent could reach in the loaded environment: listed by a loaded artifact, or sourced from a page
   * in the task's offline web store.
   */
  reachable: ReadonlySet<string>;
  state: EvaluationState;
};

/**
 * A metric declares itself: its name, how tables and reports name it, the task kinds it judges, the judge decisions it
 * reads, what it depends on, when it does not apply, and how it is computed. The registry (metrics/index.ts) lists the
 * declarations; every metric list, label and column order is derived from it.
 */
export type Metric = {
  name: MetricName;
  /** `short`: column headers (the paper's abbreviations); `long`: reports and page titles. */
  label: { short: string; long: string };
  /** Task kinds it judges: DRFlow's workflow report, DRBench's research report. */
  kinds: readonly TaskKind[];
  /** The judge decisions behind its number; the first is the one its results are pinned to (`MetricResult.judge`). */
  decisions: readonly [DecisionKind, ...DecisionKind[]];
  /** Metrics whose results (and alignments) this one reads; `evaluate` runs them first. */
  dependsOn: readonly MetricName[];
  /** Why the metric does not apply to the task, decided by the task alone (metrics/applicability.ts); null when it applies. */
  notApplicable?: (ctx: Pick<MetricContext, "gold" | "task">) => string | null;
  run(ctx: MetricContext): Promise<MetricResult>;
};

/** Mean of the scored items' scores; null when none was scored. */
export function meanScore(items: readonly { score: number | null }[]): number | null {
  const scored = items.filter((i) => i.score !== null);
  if (scored.length === 0) return null;
  return scored.reduce((s, i) => s + i.score!, 0) / scored.length;
}

/** A result over per-item scores: null-scored items count as unscored; the value defaults to the scored items' mean. */
export function itemsResult(
  metric: MetricName,
  items: MetricItem[],
  judge: JudgeInfo,
  tokens: number,
  value: number | null = meanScore(items),
): MetricResult {
  const unscored = items.filter((i) => i.score === null).length;
  return { metric, value, scored: items.length - unscored, unscored, items, judge, tokens };
}
