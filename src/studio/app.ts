/**
 * @module The studio's routes, mounted at /studio inside the API's Hono app (so its auth and request checks apply):
 * runs, batches, a run, its judgment, documents, compare, notebooks, annotation campaigns, the paper. Pages are rendered on the server;
 * the only script shipped is mermaid, from node_modules, so the studio works offline.
 */
import { Hono } from "hono";
import { z } from "zod";
import { redactSecrets } from "../core/redact.ts";
import type { WorkQueue } from "../jobs/work-queue.ts";
import { listNotebooks } from "../notebook/registry.ts";
import { CursorError } from "../store/run-pages.ts";
import { annotationRoutes } from "./annotation/routes.ts";
import { StudioContext, type StudioDeps, type StudioOptions } from "./context.ts";
import { createRoutes } from "./create/routes.ts";
import { EXPORT_TYPES } from "./export.ts";
import { html, page } from "./html.ts";
import { LiveNotebooks } from "./live.ts";
import { liveStream } from "./live-runs.ts";
import { batchesPage, batchPage } from "./pages/batches.ts";
import { comparePage } from "./pages/compare.ts";
import { artifactFile, documentPage } from "./pages/document.ts";
import { judgmentPage } from "./pages/judgment.ts";
import { notebookPage, notebooksPage, notebookVersion } from "./pages/notebooks.ts";
import { paperPage } from "./pages/paper.ts";
import { runPage } from "./pages/run.ts";
import { runsFile, runsPage } from "./pages/runs.ts";
import { reviewRoutes } from "./review/routes.ts";

const MERMAID_JS = Bun.resolveSync("mermaid/dist/mermaid.min.js", import.meta.dir);

class NotFound extends Error {}
class BadRequest extends Error {}
class Forbidden extends Error {}

/** Notebook parameters as the API's notebook runs take them. */
const LiveRequest = z.object({
  params: z.record(z.string().regex(/^[A-Za-z0-9_]{1,40}$/), z.string().max(300)).default({}),
});

function notFound(what: string): never {
  throw new NotFound(what);
}

export function studioRoutes(deps: StudioDeps, options: StudioOptions = {}, queue?: WorkQueue): Hono {
  const ctx = new StudioContext(deps, options);
  const live = new LiveNotebooks(deps.notebooksDir, deps.tasksRoot, deps.notebooksOut);
  const knownNotebook = async (name: string) => {
    if (!(await listNotebooks(deps.notebooksDir, deps.notebooksOut)).some((n) => n.name === name))
      notFound(`no notebook ${name}`);
  };
  const app = new Hono();
  app.onError((error, c) => {
    const status =
      error instanceof NotFound
        ? 404
        : error instanceof BadRequest || error instanceof CursorError
          ? 400
          : error instanceof Forbidden
            ? 403
            : 500;
    const title = status === 404 ? "Not found" : "Error";
    return c.html(page({ title, section: "", body: html`<p>${error.message}</p>` }), status);
  });

  app.get("/", (c) => c.redirect("/studio/runs"));
  app.get("/runs", (c) => c.html(runsPage(ctx, c.req.query())));
  app.get("/export/runs/:format", (c) => {
    const format = c.req.param("format");
    if (format !== "csv" && format !== "jsonl") notFound(`no export format ${format} (csv or jsonl)`);
    const chunks = runsFile(ctx, c.req.query(), format);
    const encoder = new TextEncoder();
    // The first chunk is read before answering, so a bad cursor or filter is an error page, not a cut-off file.
    const first = chunks.next();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(redactSecrets(first.value)));
      },
      pull(controller) {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(redactSecrets(next.value)));
      },
    });
    return new Response(body, {
      headers: {
        "content-type": EXPORT_TYPES[format],
        "content-disposition": `attachment; filename="runs.${format}"`,
      },
    });
  });
  // Server-sent events while an eval writes the store (src/studio/live-runs.ts).
  app.get("/events", (c) => liveStream(ctx.store.db, c.req.query("batch") || undefined, c.req.raw.signal));
  app.get("/runs/:id", async (c) =>
    c.html((await runPage(ctx, c.req.param("id"))) ?? notFound(`no agent run ${c.req.param("id")}`)),
  );
  app.get("/runs/:id/judgment", async (c) =>
    c.html((await judgmentPage(ctx, c.req.param("id"))) ?? notFound(`no agent run ${c.req.param("id")}`)),
  );
  app.get("/batches", (c) => c.html(batchesPage(ctx, c.req.query())));
  app.get("/batches/:id", (c) =>
    c.html(batchPage(ctx, c.req.param("id"), c.req.query()) ?? notFound(`no batch ${c.req.param("id")}`)),
  );
  app.get("/compare", async (c) => c.html(await comparePage(ctx, c.req.query())));
  app.get("/tasks/:suite/:task/docs/:id", async (c) => {
    const { suite, task, id } = c.req.param();
    const run = c.req.query("run");
    return c.html(
      (await documentPage(ctx, suite, task, id, run)) ??
        notFound(`no artifact ${id} in task ${suite}/${task}`),
    );
  });
  app.get("/tasks/:suite/:task/files/:id", async (c) => {
    const { suite, task, id } = c.req.param();
    return (
      (await artifactFile(ctx, suite, task, id)) ?? notFound(`no artifact ${id} in task ${suite}/${task}`)
    );
  });
  app.get("/notebooks", async (c) => c.html(await notebooksPage(ctx)));
  app.get("/notebooks/:name", async (c) =>
    c.html(
      (await notebookPage(ctx, c.req.param("name"), c.req.query())) ??
        notFound(`no notebook ${c.req.param("name")}`),
    ),
  );
  app.get("/notebooks/:name/version", async (c) => {
    const name = c.req.param("name");
    await knownNotebook(name);
    return c.json({ version: await notebookVersion(ctx, name), live: live.touch(name) }, 200, {
      "cache-control": "no-store",
    });
  });
  // Start watching a notebook while its page is open: JSON only, so no cross-site form can trigger it.
  app.post("/notebooks/:name/live", async (c) => {
    const name = c.req.param("name");
    await knownNotebook(name);
    if (!(c.req.header("content-type") ?? "").startsWith("application/json"))
      throw new BadRequest("expected a JSON body (content-type: application/json) with { params }");
    const parsed = LiveRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      throw new BadRequest(`invalid body: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    // `model=<handle>` points the notebook's LLM agents at an endpoint: only handles the server allows (--models).
    const model = parsed.data.params.model;
    if (model !== undefined && !deps.models.includes(model))
      throw new Forbidden(
        `params.model: model "${model}" is not allowed by this server (start it with --models)`,
      );
    live.start(name, parsed.data.params);
    return c.json({ name, live: true });
  });
  app.route("/review", reviewRoutes(ctx));
  app.route("/create", createRoutes(ctx, queue));
  app.route("/", annotationRoutes(ctx));
  app.get("/paper", (c) => c.html(paperPage()));
  app.get("/assets/mermaid.min.js", async () => {
    return new Response(Bun.file(MERMAID_JS), {
      headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
    });
  });
  app.notFound((c) =>
    c.html(
      page({ title: "Not found", section: "", body: html`<p>${c.req.path}: no such studio page</p>` }),
      404,
    ),
  );
  return app;
}
