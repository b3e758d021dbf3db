/** @module GET /jobs lists long-work jobs (judge, env, generate); GET /jobs/:id reports one, optionally waiting for its end. */
import { Hono } from "hono";
import { z } from "zod";
import { WorkJob, type WorkQueue } from "../../jobs/work-queue.ts";
import { ApiError, parseOr400 } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { IdParam } from "../schemas.ts";

export const JobQuery = z.object({
  /** Seconds to wait for the job to end before answering (0–60; 0 answers at once). */
  wait: z.coerce.number().min(0).max(60).default(0),
});

export const jobsSpec: RouteSpec[] = [
  {
    method: "get",
    path: "/jobs",
    tag: "jobs",
    summary:
      "Long-work jobs of this server (judge, env, generate), newest first, without results (GET /jobs/:id has each one's)",
    response: z.object({ jobs: z.array(WorkJob) }),
  },
  {
    method: "get",
    path: "/jobs/:id",
    tag: "jobs",
    summary:
      "A job: status, stage, and its result once done; `wait` holds the answer up to that many seconds for the end",
    params: IdParam,
    query: JobQuery,
    response: WorkJob,
  },
];

export function jobsRoutes(queue: WorkQueue): Hono {
  const app = new Hono();
  app.get("/", (c) => c.json({ jobs: queue.list() }));
  app.get("/:id", async (c) => {
    const { id } = parseOr400(IdParam, c.req.param(), "path");
    const { wait } = parseOr400(JobQuery, c.req.query(), "query");
    if (!queue.has(id)) throw new ApiError(404, `job ${id}: not found`);
    await queue.settle(id, wait * 1000);
    return c.json(queue.get(id)!);
  });
  return app;
}
