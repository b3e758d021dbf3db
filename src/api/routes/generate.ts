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
    summary:
      "Generate a suite: the offline procedural generator (seeded; truth known by construction), or with `llm` a model through S1–S6",
    body: GenerateRequest,
    response: GenerateResponse,
    status: 201,
  },
];

export function generateRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    const req = await jsonBody(c, GenerateRequest);
    if (req.llm) {
      const out = await deps.generateLlmSuite({
        root: deps.tasksRoot,
        suite: req.suite,
        seed: req.seed,
        domain: req.llm.domain,
        n: req.llm.n,
        adjacentCases: req.llm.adjacent_cases,
        model: deps.makeModel(req.llm.model),
      });
      return c.json(
        { suite: req.suite, generator: "llm", tasks: out.refs, run_id: out.runId, usage: out.usage },
        201,
      );
    }
    const tasks = await deps.generateSuite({
      root: deps.tasksRoot,
      suite: req.suite,
      seed: req.seed,
      perDomain: req.per_domain,
    });
    return c.json({ suite: req.suite, generator: "procedural", tasks, run_id: null, usage: null }, 201);
  });
  return app;
}
