/** @module Batch evaluation's public face: `evaluateSuite`, `runOnce`, the offline demo loop, summaries and their table. */
export { parseAgentList, parseList } from "./agent-list.ts";
export { defaultBatchId } from "./batch-id.ts";
export { Cell, CellResult, CellUsage, cellKey, cellRunId, NO_MODEL, planCells } from "./cells.ts";
export { DEMO_SPLITS, type DemoOptions, runDemo } from "./demo.ts";
export {
  type AgentEntry,
  type EvaluateSuiteOptions,
  evaluateSuite,
  type ScoreReport,
  type SuiteEvaluation,
  usageOf,
} from "./evaluate-suite.ts";
export { runPool } from "./pool.ts";
export { createProgress, type Progress, type ProgressSink } from "./progress.ts";
export { type RunOnceOptions, type RunOnceResult, runOnce } from "./run-once.ts";
export { defaultServices, LEXICAL, type Services, type ServicesOptions } from "./services.ts";
export { type MetricCounts, type MetricSummary, type SummaryRow, summarize } from "./summary.ts";
export { formatCountsTable, formatMetric, formatSummaryTable } from "./table.ts";
