/**
 * @module The Hono app: request safety on everything it serves, bearer auth when a token is set (mandatory off
 * loopback), one route group per primitive, long work as jobs, notebooks, health, the OpenAPI document.
 */
import { Hono } from "hono";
import { z } from "zod";
import { rememberSecret } from "../core/redact.ts";
import { WorkQueue } from "../jobs/work-queue.ts";
import { isAnnotatorPath } from "../studio/annotation/paths.ts";
import { studioRoutes } from "../studio/app.ts";
import type { StudioOptions } from "../studio/context.ts";
import { bearer, requireTokenOffLoopback } from "./auth.ts";
import type { ApiDeps } from "./deps.ts";
import { ApiError, onError } from "./errors.ts";
import { JobRegistry } from "./jobs.ts";
import { openApiDocument, type RouteSpec } from "./openapi.ts";
import { redactResponses } from "./redact-responses.ts";
import { envRoutes, envSpec } from "./routes/env.ts";
import { generateRoutes, generateSpec } from "./routes/generate.ts";
import { jobsRoutes, jobsSpec } from "./routes/jobs.ts";
import { judgeRoutes, judgeSpec } from "./routes/judge.ts";
import { notebooksRoutes, notebooksSpec } from "./routes/notebooks.ts";
import { runsRoutes, runsSpec } from "./routes/runs.ts";
import { tasksRoutes, tasksSpec } from "./routes/tasks.ts";
import { requestSafety } from "./safety.ts";

export const API_VERSION = "0.2.0";

export const Health = z.object({
  ok: z.literal(true),
  version: z.string(),
  jobs: z.object({ queued: z.number().int(), running: z.number().int() }),
});

export const ROUTES: RouteSpec[] = [
  ...generateSpec,
  ...envSpec,
  ...runsSpec,
  ...judgeSpec,
  ...jobsSpec,
  ...tasksSpec,
  ...notebooksSpec,
  { method: "get", path: "/health", tag: "meta", summary: "Liveness and the job queue", response: Health },
  { method: "get", path: "/openapi.json", tag: "meta", summary: "This OpenAPI document" },
];

export type AppOptions = {
  deps: ApiDeps;
  /** The host the server binds; off loopback a token is mandatory. */
  host?: string;
  token?: string;
  /** Host names clients may use besides loopback and the bound address (e.g. the machine's DNS name). */
  allowedHosts?: readonly string[];
  /** Long-work jobs run at once (default 2). */
  workConcurrency?: number;
  /** The web studio at /studio (same middleware as the API). */
  studio?: StudioOptions;
};

export function createApp(options: AppOptions): Hono {
  const host = options.host ?? "127.0.0.1";
  const token = requireTokenOffLoopback(host, options.token);
  const queue = new WorkQueue(options.workConcurrency);
  // The token is a secret too: it never appears in what the API answers.
  rememberSecret(token);
  const app = new Hono();
  app.onError(onError);
  app.use("*", redactResponses());
  app.use(
    "*",
    requestSafety({
      host,
      token: token !== null,
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    }),
  );
  // An annotator's pages answer to that annotator's own link instead (src/studio/annotation/routes.ts).
  if (token) app.use("*", bearer(token, isAnnotatorPath));
  app.get("/health", (c) => c.json({ ok: true as const, version: API_VERSION, jobs: queue.counts() }));
  app.get("/openapi.json", (c) =>
    c.json(openApiDocument(ROUTES, { title: "drflow API", version: API_VERSION })),
  );
  app.route("/generate", generateRoutes(options.deps, queue));
  app.route("/env", envRoutes(options.deps, queue));
  app.route("/runs", runsRoutes(options.deps, new JobRegistry()));
  app.route("/judge", judgeRoutes(options.deps, queue));
  app.route("/jobs", jobsRoutes(queue));
  app.route("/tasks", tasksRoutes(options.deps));
  app.route("/notebooks", notebooksRoutes(options.deps));
  // The studio's address with a trailing slash (the one the README and `serve` print) is its front page too.
  app.get("/studio/", (c) => c.redirect("/studio/runs"));
  app.route("/studio", studioRoutes(options.deps, options.studio, queue));
  app.notFound((c) =>
    onError(new ApiError(404, `no route ${c.req.method} ${c.req.path} (see /openapi.json)`), c),
  );
  return app;
}
