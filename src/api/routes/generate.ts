/** @module POST /generate: write a suite under the tasks root (procedural, or an allowed model through S1–S6), as a job. */
import { Hono } from "hono";
import { requireAllowedModel } from "../allowed-models.ts";
import type { ApiDeps } from "../deps.ts";
import { jsonBody } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { GenerateRequest, GenerateResponse } from "../schemas.ts";
import { WorkJob, type WorkQueue } from "../work.ts";

export const generateSpec: RouteSpec[] = [
  {
    method: "post",
    path: "/generate",
    tag: "generate",
    summary:
      "Generate a suite as a job: the offline procedural generator (seeded; truth known by construction), or with `llm` an allowed model through S1–S6",
    body: GenerateRequest,
    response: WorkJob.extend({ result: GenerateResponse.nullable() }),
    status: 202,
  },
];

export function generateRoutes(deps: ApiDeps, queue: WorkQueue): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    const req = await jsonBody(c, GenerateRequest);
    const llm = req.llm;
    if (llm) requireAllowedModel(deps.models, llm.model, "llm.model");
    const job = queue.submit("generate", async (stage) => {
      if (llm) {
        stage(`generating ${llm.n} ${llm.domain} task(s) with ${llm.model}`);
        const out = await deps.generateLlmSuite({
          root: deps.tasksRoot,
          suite: req.suite,
          seed: req.seed,
          domain: llm.domain,
          n: llm.n,
          adjacentCases: llm.adjacent_cases,
          model: deps.makeModel(llm.model),
        });
        return { suite: req.suite, generator: "llm", tasks: out.refs, run_id: out.runId, usage: out.usage };
      }
      stage(`generating ${req.per_domain} task(s) per domain (procedural, seed ${req.seed})`);
      const tasks = await deps.generateSuite({
        root: deps.tasksRoot,
        suite: req.suite,
        seed: req.seed,
        perDomain: req.per_domain,
      });
      return { suite: req.suite, generator: "procedural", tasks, run_id: null, usage: null };
    });
    return c.json(job, 202);
  });
  return app;
}
