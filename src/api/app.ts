/** @module The Hono app: one route group per primitive, notebooks, the OpenAPI document, bearer auth off loopback. */
import { Hono } from "hono";
import { studioRoutes } from "../studio/app.ts";
import type { StudioOptions } from "../studio/context.ts";
import { bearer, requireTokenOffLoopback } from "./auth.ts";
import type { ApiDeps } from "./deps.ts";
import { ApiError, onError } from "./errors.ts";
import { JobRegistry } from "./jobs.ts";
import { openApiDocument, type RouteSpec } from "./openapi.ts";
import { envRoutes, envSpec } from "./routes/env.ts";
import { generateRoutes, generateSpec } from "./routes/generate.ts";
import { judgeRoutes, judgeSpec } from "./routes/judge.ts";
import { notebooksRoutes, notebooksSpec } from "./routes/notebooks.ts";
import { runsRoutes, runsSpec } from "./routes/runs.ts";
import { tasksRoutes, tasksSpec } from "./routes/tasks.ts";

export const API_VERSION = "0.1.0";

export const ROUTES: RouteSpec[] = [
  ...generateSpec,
  ...envSpec,
  ...runsSpec,
  ...judgeSpec,
  ...tasksSpec,
  ...notebooksSpec,
  { method: "get", path: "/openapi.json", tag: "meta", summary: "This OpenAPI document" },
];

export type AppOptions = {
  deps: ApiDeps;
  /** The host the server binds; off loopback a token is mandatory. */
  host?: string;
  token?: string;
  /** The web studio at /studio (same middleware as the API). */
  studio?: StudioOptions;
};

export function createApp(options: AppOptions): Hono {
  const token = requireTokenOffLoopback(options.host ?? "127.0.0.1", options.token);
  const app = new Hono();
  app.onError(onError);
  if (token) app.use("*", bearer(token));
  app.get("/openapi.json", (c) =>
    c.json(openApiDocument(ROUTES, { title: "drflow API", version: API_VERSION })),
  );
  app.route("/generate", generateRoutes(options.deps));
  app.route("/env", envRoutes(options.deps));
  app.route("/runs", runsRoutes(options.deps, new JobRegistry()));
  app.route("/judge", judgeRoutes(options.deps));
  app.route("/tasks", tasksRoutes(options.deps));
  app.route("/notebooks", notebooksRoutes(options.deps));
  app.route("/studio", studioRoutes(options.deps, options.studio));
  app.notFound((c) =>
    onError(new ApiError(404, `no route ${c.req.method} ${c.req.path} (see /openapi.json)`), c),
  );
  return app;
}
