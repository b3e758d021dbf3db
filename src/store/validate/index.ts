/** @module Task validation's public face: structural store checks plus the programmatic checks of seed 002 §C.1. */

export { suiteMixViolations, taskSource } from "./suite-mix.ts";
export { renderSummaryTable, summarizeTask, type TaskSummary } from "./summary.ts";
export {
  RULES,
  type Rule,
  type ValidateOptions,
  type Violation,
  validateTask,
  validateTaskDir,
} from "./validate-task.ts";
export { type SuiteCheck, type TaskCheck, type TasksCheck, validateTasks } from "./validate-tasks.ts";
