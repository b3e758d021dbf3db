/** @module POST /generate: write a procedural suite under the tasks root. */
import { Hono } from "hono";
import type { ApiDeps } from "../deps.ts";
import { jsonBody } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { GenerateRequest, GenerateResponse } from "../schemas.ts";

export const generateSpec: RouteSpec[] = [
  {
    method: "post",
    path: "/generate",
    tag: "generate",
    summary: "Generate a suite with the offline procedural generator (seeded; truth known by construction)",
    body: GenerateRequest,
    response: GenerateResponse,
    status: 201,
  },
];

export function generateRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    const req = await jsonBody(c, GenerateRequest);
    const tasks = await deps.generateSuite({
      root: deps.tasksRoot,
      suite: req.suite,
      seed: req.seed,
      perDomain: req.per_domain,
    });
    return c.json({ suite: req.suite, tasks }, 201);
  });
  return app;
}
