/**
 * @module Routes of the review view under /studio/review: the task list, a task's review page, saving the review
 * (POST, JSON only, like every write the API's safety layer lets through), its export, and a file rendered in place.
 * Suite and task come from the URL and reach the disk only as safe ids through the studio's task loader and
 * `reviewDir` (real path inside the suite); files only by manifest id, their paths re-checked at every read.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import {
  emptyReview,
  flagProblems,
  loadPendingReview,
  savePendingReview,
  TaskReview,
} from "../../review/task-review.ts";
import { type LoadedTask, listTasks } from "../../store/task-store.ts";
import type { StudioContext } from "../context.ts";
import { html, page } from "../html.ts";
import { artifactContent, findArtifact } from "../pages/document.ts";
import { reviewIndexPage, reviewPage } from "./page.ts";

export class ReviewNotFound extends Error {}

export function reviewRoutes(ctx: StudioContext): Hono {
  const root = ctx.deps.tasksRoot;
  const load = async (suite: string, task: string): Promise<LoadedTask> => {
    const loaded = await ctx.task(`${suite}/${task}`);
    if (!loaded) throw new ReviewNotFound(`no task ${suite}/${task}`);
    return loaded;
  };
  const current = async (suite: string, task: string) =>
    (await loadPendingReview(root, suite, task)) ?? emptyReview(suite, task);

  const app = new Hono();
  app.onError((error, c) => {
    const status = error instanceof ReviewNotFound ? 404 : 500;
    return c.html(
      page({
        title: status === 404 ? "Not found" : "Error",
        section: "review",
        body: html`<p>${error.message}</p>`,
      }),
      status,
    );
  });
  app.get("/", async (c) => {
    const rows = [];
    for (const t of await listTasks(root).catch(() => [])) {
      const loaded = await ctx.task(t.ref);
      const review = await loadPendingReview(root, t.suite, t.id).catch(() => null);
      rows.push({
        suite: t.suite,
        id: t.id,
        kind: loaded ? `${loaded.task.kind} · ${loaded.task.provenance.generator}` : "unreadable",
        decision: review?.decision ?? "pending",
        flags: review?.flags.length ?? 0,
      });
    }
    return c.html(reviewIndexPage(rows));
  });
  app.get("/:suite/:task", async (c) => {
    const { suite, task } = c.req.param();
    const loaded = await load(suite, task);
    const fromLlm =
      loaded.task.provenance.generator === "llm" && existsSync(join(root, suite, ".work", task, "seed.json"));
    return c.html(reviewPage(loaded, suite, await current(suite, task), fromLlm));
  });
  app.post("/:suite/:task/review", async (c) => {
    const { suite, task } = c.req.param();
    const loaded = await load(suite, task);
    const body = await c.req.json().catch(() => null);
    const parsed = TaskReview.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return c.json({ error: `${["review", ...issue.path].join(".")}: ${issue.message}` }, 400);
    }
    const review = parsed.data;
    if (review.suite !== suite || review.task !== task)
      return c.json(
        { error: `review.task: this page reviews ${suite}/${task}, not ${review.suite}/${review.task}` },
        400,
      );
    const problems = flagProblems(review, loaded);
    if (problems.length) return c.json({ error: problems.join("; ") }, 400);
    if (review.decision === "rejected" && !review.reason.trim())
      return c.json({ error: "review.reason: a rejection needs a reason" }, 400);
    const saved = { ...review, updated_at: new Date().toISOString() };
    await savePendingReview(root, saved);
    return c.json({ review: saved });
  });
  app.get("/:suite/:task/export", async (c) => {
    const { suite, task } = c.req.param();
    await load(suite, task);
    return c.body(`${JSON.stringify(await current(suite, task), null, 2)}\n`, 200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="task-review-${task}.json"`,
    });
  });
  app.get("/:suite/:task/files/:id", async (c) => {
    const { suite, task, id } = c.req.param();
    const found = await findArtifact(ctx, suite, task, id);
    if (!found) throw new ReviewNotFound(`no artifact ${id} in task ${suite}/${task}`);
    return c.html((await artifactContent(found.loaded, found.entry)).html);
  });
  return app;
}
