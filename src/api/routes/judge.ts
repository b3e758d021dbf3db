/** @module POST /judge: score a report (JSON or the paper's Markdown) against a task's gold workflow, as a job. */
import { Hono } from "hono";
import type { MetricResult } from "../../core/index.ts";
import { type Work, WorkJob, type WorkQueue } from "../../jobs/work-queue.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import { requireAllowedModel } from "../allowed-models.ts";
import type { ApiDeps } from "../deps.ts";
import { parseBodyText } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { JudgeRequest, JudgeResponse } from "../schemas.ts";
import { loadTaskOr404 } from "./load.ts";

export const judgeSpec: RouteSpec[] = [
  {
    method: "post",
    path: "/judge",
    tag: "judge",
    summary:
      "Evaluate a report with the lexical judge or an allowed judge model, as a job; the job's result is the metric results with per-item details",
    body: JudgeRequest,
    response: WorkJob.extend({ result: JudgeResponse.nullable() }),
    status: 202,
  },
];

export function judgeRoutes(deps: ApiDeps, queue: WorkQueue): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    const body = await c.req.text();
    const { task, judge } = parseBodyText(JudgeRequest, body);
    if (judge !== "lexical") requireAllowedModel(deps.models, judge, "judge");
    const loaded = await loadTaskOr404(deps, task);
    return c.json(queue.submit("judge", judgeWork(deps, loaded, body)), 202);
  });
  return app;
}

/**
 * The job of one checked request. While it waits it holds the request's text once, not the parsed report (an object
 * graph about 15 times the text's size, which made 34 queued 2.6 MB reports 1.76 GB); the text is parsed when it runs.
 */
function judgeWork(
  deps: ApiDeps,
  loaded: LoadedTask,
  body: string,
): Work<{ task: string; metrics: MetricResult[] }> {
  return async (stage) => {
    stage("judging");
    const req = JudgeRequest.parse(JSON.parse(body));
    const model = req.judge === "lexical" ? null : deps.makeModel(req.judge);
    const metrics = await deps.judge((req.report ?? req.markdown)!, loaded, {
      judge: req.judge,
      model,
      ...(req.metrics ? { metrics: req.metrics } : {}),
    });
    return { task: req.task, metrics };
  };
}
