/** @module POST /generate: write a suite under the tasks root (procedural, or an allowed model through S1–S6), as a job. */
import { Hono } from "hono";
import { checkLlmSuite } from "../../generate/llm/suite.ts";
import { WorkJob, type WorkQueue } from "../../jobs/work-queue.ts";
import { refuseExistingSuite, SuiteExists } from "../../store/suite-write.ts";
import { requireAllowedModel } from "../allowed-models.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, jsonBody } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { GenerateRequest, GenerateResponse } from "../schemas.ts";

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
    // An existing suite is refused before the job starts (the generator refuses again when it writes, should one
    // appear meanwhile); an LLM request may continue its own interrupted suite.
    if (!req.replace) {
      try {
        if (llm)
          await checkLlmSuite({
            root: deps.tasksRoot,
            suite: req.suite,
            seed: req.seed,
            adjacentCases: llm.adjacent_cases,
            source: { kind: "domain", domain: llm.domain, n: llm.n },
          });
        else await refuseExistingSuite(deps.tasksRoot, req.suite);
      } catch (error) {
        if (error instanceof SuiteExists) throw new ApiError(409, error.message);
        throw error;
      }
    }
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
          replace: req.replace,
        });
        return { suite: req.suite, generator: "llm", tasks: out.refs, run_id: out.runId, usage: out.usage };
      }
      stage(`generating ${req.per_domain} task(s) per domain (procedural, seed ${req.seed})`);
      const tasks = await deps.generateSuite({
        root: deps.tasksRoot,
        suite: req.suite,
        seed: req.seed,
        perDomain: req.per_domain,
        replace: req.replace,
      });
      return { suite: req.suite, generator: "procedural", tasks, run_id: null, usage: null };
    });
    return c.json(job, 202);
  });
  return app;
}
