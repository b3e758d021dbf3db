/**
 * @module Validating a set of task folders (`drflow tasks validate`, `drflow demo`): every task's violations, then the
 * suite-level check for each suite the tasks belong to, and the loaded tasks for a summary.
 */
import { join } from "node:path";
import type { Task } from "../../core/index.ts";
import { type LoadedTask, loadTask, type TaskRef } from "../task-store.ts";
import { suiteMixViolations } from "./suite-mix.ts";
import { type Violation, validateTaskDir } from "./validate-task.ts";

export type TaskCheck = { ref: TaskRef; violations: Violation[]; loaded: LoadedTask | null };
export type SuiteCheck = { suite: string; violations: Violation[] };
export type TasksCheck = { tasks: TaskCheck[]; suites: SuiteCheck[]; violations: number };

/** Validate `refs` under `root`: each task folder, then each suite's mix of generators and seeds. */
export async function validateTasks(root: string, refs: readonly TaskRef[]): Promise<TasksCheck> {
  const tasks: TaskCheck[] = [];
  const bySuite = new Map<string, { id: string; task: Task }[]>();
  for (const ref of refs) {
    const violations = await validateTaskDir(ref.dir, () => loadTask(root, ref.ref));
    const loaded = await loadTask(root, ref.ref).catch(() => null);
    tasks.push({ ref, violations, loaded });
    if (loaded)
      bySuite.set(ref.suite, [...(bySuite.get(ref.suite) ?? []), { id: ref.id, task: loaded.task }]);
  }
  // A suite is one generation: tasks from different generators or seeds in one folder are a violation of the suite.
  const suites = [...bySuite].map(([suite, members]) => ({
    suite,
    violations: suiteMixViolations(suite, join(root, suite), members),
  }));
  const violations = [...tasks, ...suites].reduce((n, c) => n + c.violations.length, 0);
  return { tasks, suites, violations };
}
