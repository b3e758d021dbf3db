/** @module The judge's public face: report parsing and rendering, and `evaluate` (DRFlow's seven metrics, DRBench's four). */
export {
  type EvaluateOptions,
  evaluate,
  MAX_JUDGED_STEPS,
  Protocol,
  ReportTooLarge,
} from "./evaluate.ts";
export {
  ExplainedDecision,
  ExplainedMetric,
  Explanation,
  explainMetrics,
  formatExplanation,
} from "./explain.ts";
export { formatEvaluation } from "./format.ts";
export { type GoldStep, goldSteps } from "./gold.ts";
export { LexicalJudge, lexicalJudge } from "./judges/lexical/index.ts";
export { LLM_BARS, LlmJudge, type LlmJudgeOptions, llmJudge } from "./judges/llm/index.ts";
export type { Judge } from "./judges/types.ts";
export {
  KnownMetricName,
  metricByName,
  metricColumns,
  metricDefinitions,
  metricLabel,
  metricNames,
  metricOrder,
  registerMetric,
  unregisterMetric,
} from "./metrics/index.ts";
export type { Metric, MetricContext } from "./metrics/types.ts";
export { reportFlowchart, workflowFlowchart } from "./report/flowchart.ts";
export { type ParsedReport, parseReportMarkdown } from "./report/parse.ts";
export { Problem } from "./report/problem.ts";
export { renderReportMarkdown } from "./report/render.ts";
export { AlignmentRow, EvaluationResult, RepeatAgreement } from "./result.ts";
export { saveEvaluation } from "./store.ts";
