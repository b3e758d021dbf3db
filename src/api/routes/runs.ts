/** @module POST /runs starts an agent run as a job; GET /runs, GET /runs/:id (report, trace, usage, flowcharts); GET /runs/:id/events (SSE). */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { formatAgentSpec } from "../../agents/registry.ts";
import type { TraceEvent } from "../../agents/types.ts";
import { type Report, type RunRecord, runUsage } from "../../core/index.ts";
import { redactSecrets, redactValue } from "../../core/redact.ts";
import { requireAllowedModel } from "../allowed-models.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, jsonBody, parseOr400 } from "../errors.ts";
import type { Job, JobEvent, JobRegistry } from "../jobs.ts";
import type { RouteSpec } from "../openapi.ts";
import { IdParam, RunDetail, RunRequest, RunSummary } from "../schemas.ts";
import { loadTaskOr404 } from "./load.ts";

export const RunsQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });

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
    summary: "Agent runs, newest first: live jobs of this server and runs in the run store",
    query: RunsQuery,
    response: z.object({ runs: z.array(RunSummary) }),
  },
  {
    method: "get",
    path: "/runs/:id",
    tag: "runs",
    summary: "A run: status, report, trace, usage, metrics and mermaid flowcharts of the report",
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

function summary(job: Pick<Job, keyof RunSummary>): RunSummary {
  const { id, task, split, agent, model, status, started_at, finished_at, error } = job;
  return { id, task, split, agent, model, status, started_at, finished_at, error };
}

function storedSummary(run: RunRecord): RunSummary {
  return {
    id: run.id,
    task: run.task,
    split: run.split ?? "original",
    agent: run.agent,
    model: run.model,
    status: run.status,
    started_at: run.started_at,
    finished_at: run.finished_at,
    error: run.error,
  };
}

function flowcharts(deps: ApiDeps, report: Report | null) {
  if (!report) return null;
  return {
    generic: deps.workflowFlowchart(report.generic_workflow, { personalized: false }),
    personalized: deps.workflowFlowchart(report.personalized_workflow, { personalized: true }),
  };
}

/** Run the job through the `runOnce` primitive (recorded in the run store); the job mirrors it for live clients. */
async function execute(deps: ApiDeps, jobs: JobRegistry, job: Job, req: RunRequest): Promise<void> {
  try {
    const out = await deps.runOnce({
      agent: formatAgentSpec(req.agent, req.options),
      ...(req.model ? { model: req.model } : {}),
      task: req.task,
      split: req.split,
      ...(req.judge ? { judge: req.judge } : {}),
      runId: job.id,
      onEvent: (event) => jobs.emit(job, { type: "trace", event: redactValue(event) }),
    });
    job.report = out.report;
    job.usage = out.usage;
    job.metrics = out.metrics;
    if (req.judge) jobs.emit(job, { type: "metrics", metrics: out.metrics });
    job.status = "done";
  } catch (error) {
    job.status = "failed";
    job.error = redactSecrets((error as Error).message);
  } finally {
    job.finished_at = deps.now().toISOString();
    const end: JobEvent = { type: "status", status: job.status, ...(job.error ? { error: job.error } : {}) };
    jobs.emit(job, end);
    job.listeners.clear();
  }
}

export function runsRoutes(deps: ApiDeps, jobs: JobRegistry): Hono {
  const app = new Hono();
  let counter = 0;

  const id = (raw: Record<string, string>) => parseOr400(IdParam, raw, "path").id;

  /** A finished run from the store, shaped like a job's detail. */
  const fromStore = (runId: string) => {
    const store = deps.store;
    const run = store.getRun(runId);
    if (run?.kind !== "agent") return null;
    const report = store.getReport(runId);
    return {
      ...storedSummary(run),
      report,
      trace: (store.getTrace(runId) ?? []) as TraceEvent[],
      usage: runUsage(store.calls(runId)),
      metrics: store.metrics({ run: runId }).map((m) => m.result),
      flowcharts: flowcharts(deps, report),
    };
  };

  app.post("/", async (c) => {
    const req = await jsonBody(c, RunRequest);
    if (req.model) requireAllowedModel(deps.models, req.model, "model");
    if (req.judge && req.judge !== "lexical") requireAllowedModel(deps.models, req.judge, "judge");
    await loadTaskOr404(deps, req.task);
    const started = deps.now();
    const runId = `api-${started.getTime().toString(36)}-${(++counter).toString(36)}`;
    const job = jobs.create({
      id: runId,
      task: req.task,
      split: req.split,
      agent: formatAgentSpec(req.agent, req.options),
      model: redactSecrets(req.model ?? ""),
      started_at: started.toISOString(),
    });
    void execute(deps, jobs, job, req);
    return c.json(summary(job), 202);
  });

  app.get("/", (c) => {
    const { limit } = parseOr400(RunsQuery, c.req.query(), "query");
    const live = jobs.list().map(summary);
    const seen = new Set(live.map((r) => r.id));
    const stored = (deps.store?.listRuns({ kind: "agent" }) ?? [])
      .filter((r) => !seen.has(r.id))
      .map(storedSummary);
    const runs = [...live, ...stored].sort(
      (a, b) => b.started_at.localeCompare(a.started_at) || b.id.localeCompare(a.id),
    );
    return c.json({ runs: runs.slice(0, limit) });
  });

  app.get("/:id", (c) => {
    const runId = id(c.req.param());
    const job = jobs.get(runId);
    if (job) {
      return c.json({
        ...summary(job),
        report: job.report,
        trace: job.trace,
        usage: job.usage,
        metrics: job.metrics,
        flowcharts: flowcharts(deps, job.report),
      });
    }
    const stored = fromStore(runId);
    if (!stored) throw new ApiError(404, `run ${runId}: not found`);
    return c.json(stored);
  });

  app.get("/:id/events", (c) => {
    const runId = id(c.req.param());
    const job = jobs.get(runId);
    if (!job) {
      const stored = deps.store.getRun(runId);
      if (stored?.kind !== "agent") throw new ApiError(404, `run ${runId}: not found`);
      // A run from the store (another process, or before a restart): only its final status is known.
      return streamSSE(c, async (stream) => {
        const e = { type: "status", status: stored.status, ...(stored.error ? { error: stored.error } : {}) };
        await stream.writeSSE({ event: "status", data: redactSecrets(JSON.stringify(e)), id: "0" });
      });
    }
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
            await stream.writeSSE({ event: e.type, data: redactSecrets(JSON.stringify(e)), id: String(n++) });
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
