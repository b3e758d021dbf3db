/**
 * @module POST /env loads a task's environment for a split (a job); GET /env/:id/search searches it; DELETE /env/:id
 * closes it. At most `MAX_OPEN_ENVS` stay open: loading one more closes the least recently used.
 */
import { Hono } from "hono";
import type { Env } from "../../env/types.ts";
import { WorkJob, type WorkQueue } from "../../jobs/work-queue.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, jsonBody, parseOr400 } from "../errors.ts";
import type { RouteSpec } from "../openapi.ts";
import { EnvRequest, EnvResponse, IdParam, SearchQuery, SearchResponse } from "../schemas.ts";
import { loadTaskOr404 } from "./load.ts";

export const envSpec: RouteSpec[] = [
  {
    method: "post",
    path: "/env",
    tag: "env",
    summary:
      "Load a task's environment (split decides the artifacts) as a job; its result names the env. At most 8 stay open (the least recently used is closed)",
    body: EnvRequest,
    response: WorkJob.extend({ result: EnvResponse.nullable() }),
    status: 202,
  },
  {
    method: "get",
    path: "/env/:id/search",
    tag: "env",
    summary: "Hybrid search across the loaded environment's apps",
    params: IdParam,
    query: SearchQuery,
    response: SearchResponse,
  },
  { method: "delete", path: "/env/:id", tag: "env", summary: "Close a loaded environment", params: IdParam },
];

/** Environments kept open at once (each holds an index connection and its caches). */
export const MAX_OPEN_ENVS = 8;

export function envRoutes(deps: ApiDeps, queue: WorkQueue): Hono {
  const app = new Hono();
  // Map order is recency: a used env moves to the end, the first one is the least recently used.
  const envs = new Map<string, { env: Env; task: string }>();
  let counter = 0;

  const get = (raw: Record<string, string>) => {
    const { id } = parseOr400(IdParam, raw, "path");
    const entry = envs.get(id);
    if (!entry)
      throw new ApiError(
        404,
        `environment ${id}: not loaded (POST /env first; at most ${MAX_OPEN_ENVS} stay open, the least recently used is closed)`,
      );
    envs.delete(id);
    envs.set(id, entry);
    return { id, ...entry };
  };

  app.post("/", async (c) => {
    const req = await jsonBody(c, EnvRequest);
    const loaded = await loadTaskOr404(deps, req.task);
    const job = queue.submit("env", async (stage) => {
      stage("loading the environment");
      const env = await deps.loadEnv(loaded, { split: req.split });
      const documents: Record<string, number> = {};
      for (const d of await env.list()) documents[d.app] = (documents[d.app] ?? 0) + 1;
      const id = `env_${++counter}`;
      envs.set(id, { env, task: req.task });
      while (envs.size > MAX_OPEN_ENVS) {
        const [oldest, entry] = envs.entries().next().value!;
        envs.delete(oldest);
        await entry.env.close();
      }
      return { id, task: req.task, split: req.split, documents };
    });
    return c.json(job, 202);
  });

  app.get("/:id/search", async (c) => {
    const { id, env } = get(c.req.param());
    const q = parseOr400(SearchQuery, c.req.query(), "query");
    const hits = await env.search(q.q, { limit: q.limit, ...(q.apps ? { apps: q.apps } : {}) });
    return c.json({
      env: id,
      query: q.q,
      hits: hits.map(({ documentId, chunkId, app, title, path, score, snippet }) => ({
        documentId,
        chunkId,
        app,
        title,
        path,
        score,
        snippet,
      })),
    });
  });

  app.delete("/:id", async (c) => {
    const { id, env } = get(c.req.param());
    await env.close();
    envs.delete(id);
    return c.json({ id, closed: true });
  });
  return app;
}
