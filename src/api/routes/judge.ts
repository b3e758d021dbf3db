/** @module POST /judge: score a report (JSON or the paper's Markdown) against a task's gold workflow. */
import { Hono } from "hono";
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
      "Evaluate a report with the lexical judge or a judge model; returns the metric results with per-item details",
    body: JudgeRequest,
    response: JudgeResponse,
  },
];

export function judgeRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    const req = await jsonBody(c, JudgeRequest);
    const loaded = await loadTaskOr404(deps, req.task);
    const model = req.judge === "lexical" ? null : deps.makeModel(req.judge);
    const metrics = await deps.judge((req.report ?? req.markdown)!, loaded, {
      judge: req.judge,
      model,
      ...(req.metrics ? { metrics: req.metrics } : {}),
    });
    return c.json({ task: req.task, metrics });
  });
  return app;
}
