/** @module POST /judge: score a report (JSON or the paper's Markdown) against a task's gold workflow, as a job. */
import { Hono } from "hono";
import { WorkJob, type WorkQueue } from "../../jobs/work-queue.ts";
import { requireAllowedModel } from "../allowed-models.ts";
import type { ApiDeps } from "../deps.ts";
import { jsonBody } from "../errors.ts";
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
    const req = await jsonBody(c, JudgeRequest);
    if (req.judge !== "lexical") requireAllowedModel(deps.models, req.judge, "judge");
    const loaded = await loadTaskOr404(deps, req.task);
    const job = queue.submit("judge", async (stage) => {
      stage("judging");
      const model = req.judge === "lexical" ? null : deps.makeModel(req.judge);
      const metrics = await deps.judge((req.report ?? req.markdown)!, loaded, {
        judge: req.judge,
        model,
        ...(req.metrics ? { metrics: req.metrics } : {}),
      });
      return { task: req.task, metrics };
    });
    return c.json(job, 202);
  });
  return app;
}
