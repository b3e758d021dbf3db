/** @module Resolve a `suite/task_id` from a request to a loaded task, 404 when the tasks root has no such task. */
import { parseTaskRef } from "../../core/index.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";

export async function loadTaskOr404(deps: ApiDeps, ref: string): Promise<LoadedTask> {
  const { suite } = parseTaskRef(ref);
  const known = await deps.listTasks(deps.tasksRoot, suite);
  if (!known.some((t) => t.ref === ref))
    throw new ApiError(404, `task ${ref}: not found under the tasks root`);
  return deps.loadTask(deps.tasksRoot, ref);
}
