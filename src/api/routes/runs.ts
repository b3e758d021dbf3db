/** @module POST /runs starts an agent run as a job; GET /runs, GET /runs/:id (report, trace, usage); GET /runs/:id/events (SSE). */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { ApiDeps } from "../deps.ts";
import { ApiError, jsonBody, parseOr400 } from "../errors.ts";
import { type Job, type JobEvent, type JobRegistry, usageTotals } from "../jobs.ts";
import type { RouteSpec } from "../openapi.ts";
import { IdParam, RunDetail, RunRequest, RunSummary } from "../schemas.ts";
import { loadTaskOr404 } from "./load.ts";

export const runsSpec: RouteSpec[] = [
  {
    method: "post",
    path: "/runs",
    tag: "runs",
    summary:
      "Start an agent run (loads the environment, runs the agent, optionally judges); returns its id at once",
    body: RunRequest,
    response: RunSummary,
    status: 202,
  },
  {
    method: "get",
    path: "/runs",
    tag: "runs",
    summary: "Runs started by this server, newest first",
    response: z.object({ runs: z.array(RunSummary) }),
  },
  {
    method: "get",
    path: "/runs/:id",
    tag: "runs",
    summary: "A run: status, report, trace, usage and metrics",
    params: IdParam,
    response: RunDetail,
  },
  {
    method: "get",
    path: "/runs/:id/events",
    tag: "runs",
    summary:
      "Progress as server-sent events (status, trace, metrics); replays past events, ends when the run ends",
    params: IdParam,
    produces: "text/event-stream",
  },
];

function summary(job: Job): RunSummary {
  const { id, task, split, agent, model, status, started_at, finished_at, error } = job;
  return { id, task, split, agent, model, status, started_at, finished_at, error };
}

/** Run the job: environment → agent → (judge) → done/failed; every step goes through the injected primitives. */
async function execute(deps: ApiDeps, jobs: JobRegistry, job: Job, req: RunRequest): Promise<void> {
  let env: Awaited<ReturnType<ApiDeps["loadEnv"]>> | null = null;
  try {
    const loaded = await loadTaskOr404(deps, req.task);
    const agent = deps.makeAgent(req.agent, req.options);
    const model = req.model ? deps.makeModel(req.model) : null;
    if (agent.needsModel && !model)
      throw new Error(`agent ${req.agent} needs a model: set "model" (e.g. openai:gpt-4o)`);
    env = await deps.loadEnv(loaded, { split: req.split });
    const out = await deps.runAgent(agent, env, model, {
      runId: job.id,
      onEvent: (event) => jobs.emit(job, { type: "trace", event }),
    });
    job.report = out.report;
    job.usage = usageTotals(out.usage);
    if (req.judge) {
      const judgeModel = req.judge === "lexical" ? null : deps.makeModel(req.judge);
      job.metrics = await deps.judge(out.report, loaded, { judge: req.judge, model: judgeModel });
      jobs.emit(job, { type: "metrics", metrics: job.metrics });
    }
    job.status = "done";
  } catch (error) {
    job.status = "failed";
    job.error = (error as Error).message;
  } finally {
    await env?.close().catch(() => {});
    job.finished_at = deps.now().toISOString();
    const end: JobEvent = { type: "status", status: job.status, ...(job.error ? { error: job.error } : {}) };
    jobs.emit(job, end);
    job.listeners.clear();
  }
}

export function runsRoutes(deps: ApiDeps, jobs: JobRegistry): Hono {
  const app = new Hono();
  let counter = 0;

  const find = (raw: Record<string, string>): Job => {
    const { id } = parseOr400(IdParam, raw, "path");
    const job = jobs.get(id);
    if (!job) throw new ApiError(404, `run ${id}: not found`);
    return job;
  };

  app.post("/", async (c) => {
    const req = await jsonBody(c, RunRequest);
    await loadTaskOr404(deps, req.task);
    const started = deps.now();
    const id = `run_${started.getTime().toString(36)}_${(++counter).toString(36)}`;
    const job = jobs.create({
      id,
      task: req.task,
      split: req.split,
      agent: req.agent,
      model: req.model ?? "",
      started_at: started.toISOString(),
    });
    void execute(deps, jobs, job, req);
    return c.json(summary(job), 202);
  });

  app.get("/", (c) => c.json({ runs: jobs.list().map(summary) }));

  app.get("/:id", (c) => {
    const job = find(c.req.param());
    return c.json({
      ...summary(job),
      report: job.report,
      trace: job.trace,
      usage: job.usage,
      metrics: job.metrics,
    });
  });

  app.get("/:id/events", (c) => {
    const job = find(c.req.param());
    return streamSSE(c, async (stream) => {
      const queue: JobEvent[] = [];
      let wake: (() => void) | null = null;
      let ended = false;
      const stop = jobs.follow(job, (e) => {
        queue.push(e);
        if (e.type === "status" && e.status !== "running") ended = true;
        wake?.();
      });
      if (job.status !== "running") ended = true;
      stream.onAbort(() => {
        ended = true;
        wake?.();
      });
      try {
        let n = 0;
        for (;;) {
          while (queue.length) {
            const e = queue.shift()!;
            await stream.writeSSE({ event: e.type, data: JSON.stringify(e), id: String(n++) });
          }
          if (ended || stream.aborted) break;
          await new Promise<void>((r) => {
            wake = r;
          });
          wake = null;
        }
      } finally {
        stop();
      }
    });
  });
  return app;
}
