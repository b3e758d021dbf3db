/** @module Batch evaluation's public face: `evaluateSuite`, `runOnce`, the offline demo loop, summaries and their table. */
export { parseAgentList, parseList } from "./agent-list.ts";
export { Cell, CellResult, NO_MODEL, planCells } from "./cells.ts";
export { DEMO_SPLITS, type DemoOptions, runDemo } from "./demo.ts";
export {
  type AgentEntry,
  type EvaluateSuiteOptions,
  evaluateSuite,
  type SuiteEvaluation,
} from "./evaluate-suite.ts";
export {
  agentIdentity,
  canonicalJson,
  cellRunId,
  changedOptions,
  defaultBatchId,
  fullOptions,
  judgeIdentity,
  type RunIdentityInput,
  runIdentity,
  sameAgent,
  taskFingerprint,
} from "./identity.ts";
export { runPool } from "./pool.ts";
export { createProgress, type Progress, type ProgressSink } from "./progress.ts";
export { type RunOnceOptions, type RunOnceResult, runOnce } from "./run-once.ts";
export { type GridRuns, gridRuns, scoredRun, scoredRuns } from "./scored-runs.ts";
export {
  defaultServices,
  LEXICAL,
  type ScoreReport,
  type Services,
  type ServicesOptions,
} from "./services.ts";
export { type MetricCounts, type MetricSummary, type SummaryRow, summarize } from "./summary.ts";
export {
  failureLines,
  formatCountsTable,
  formatGridSummary,
  formatMetric,
  formatSummaryTable,
} from "./table.ts";
