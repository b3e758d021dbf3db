/** @module `--task <suite/task_id>`: a well-formed ref to a task its suite holds, or a usage error naming the flag. */
import { parseTaskRef } from "../core/index.ts";
import { GridError, suiteTasks } from "../eval/grid-plan.ts";
import { taskRefFlag, UsageError } from "./args.ts";

/** The ref `value` names, checked against the suite's tasks under `root` by the rule `eval --tasks` follows. */
export async function existingTaskFlag(value: unknown, root: string, flag = "task"): Promise<string> {
  const ref = taskRefFlag(value, flag);
  try {
    await suiteTasks(root, parseTaskRef(ref).suite, [ref], `--${flag}`);
  } catch (error) {
    throw error instanceof GridError ? new UsageError(error.message) : error;
  }
  return ref;
}
