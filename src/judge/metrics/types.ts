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
import type { InsightMatching } from "./insight-matching.ts";

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

/** A case fact as planted: its text and the golden steps (or conditions) it belongs to; none for distractors and look-alikes. */
export type CaseUnit = { text: string; steps: number[]; conditions: string[] };

/** The case facts a judge may weigh specifics against: the user's own evidence, and every case's (the user's and look-alikes'). */
export type CaseEvidence = {
  /** Texts of the user's insight units and the user's case subject and id: where a credited personal specific must come from. */
  user: string;
  /** The user's and the adjacent cases' texts, subjects and ids: a specific found here is case-specific wherever it appears. */
  cases: string;
  /** Every user-side and adjacent unit (distractors too), so text pasted from one can be told from the step's own. */
  units: CaseUnit[];
  /** The company's side (policy facts, the generic workflow): a specific found here is not case-specific. */
  general: string;
};

export function caseEvidence(task: Task): CaseEvidence {
  const caseUnits = task.evidence.filter((e) => e.side === "user" || e.side === "adjacent");
  const texts = (side: "user" | "adjacent") =>
    caseUnits.filter((e) => e.side === side && e.role !== "distractor").map((e) => e.text);
  const own = task.user_case ? [task.user_case.subject, task.user_case.case_id] : [];
  const adjacent = task.adjacent_cases.flatMap((c) => [c.subject, c.case_id]);
  const user = [...texts("user"), ...own];
  return {
    user: user.join("\n"),
    cases: [...user, ...texts("adjacent"), ...adjacent].join("\n"),
    general: [
      ...task.evidence.filter((e) => e.side === "company").map((e) => e.text),
      ...task.generic_workflow.map(
        (g) => `${g.title} ${g.task} ${g.task_description} ${g.condition_description}`,
      ),
    ].join("\n"),
    units: caseUnits.map((e) => ({
      text: e.text,
      steps: e.role === "insight" ? e.supports_steps : [],
      conditions: e.role === "insight" ? e.resolves_conditions : [],
    })),
  };
}

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
