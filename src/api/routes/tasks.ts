/** @module GET /tasks and GET /tasks/:suite/:id (task, manifest, generic and personalized flowcharts). */
import { Hono } from "hono";
import type { ApiDeps } from "../deps.ts";
import { parseOr400 } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { TaskDetail, TaskListResponse, TaskParams, TasksQuery } from "../schemas.ts";
import { loadTaskOr404 } from "./load.ts";

export const tasksSpec: RouteSpec[] = [
  {
    method: "get",
    path: "/tasks",
    tag: "tasks",
    summary: "List tasks (optionally of one suite)",
    query: TasksQuery,
    response: TaskListResponse,
  },
  {
    method: "get",
    path: "/tasks/:suite/:id",
    tag: "tasks",
    summary: "One task with its manifest and mermaid flowcharts of the gold workflows",
    params: TaskParams,
    response: TaskDetail,
  },
];

export function tasksRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.get("/", async (c) => {
    const { suite } = parseOr400(TasksQuery, c.req.query(), "query");
    const tasks = await deps.listTasks(deps.tasksRoot, suite);
    return c.json({ tasks: tasks.map(({ ref, suite, id }) => ({ ref, suite, id })) });
  });
  app.get("/:suite/:id", async (c) => {
    const { suite, id } = parseOr400(TaskParams, c.req.param(), "path");
    const ref = `${suite}/${id}`;
    const loaded = await loadTaskOr404(deps, ref);
    return c.json({
      ref,
      task: loaded.task,
      manifest: loaded.manifest,
      flowcharts: {
        generic: deps.workflowFlowchart(loaded.task.generic_workflow, { personalized: false }),
        personalized: deps.workflowFlowchart(loaded.task.personalized_workflow, { personalized: true }),
      },
    });
  });
  return app;
}
