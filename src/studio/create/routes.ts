import { Hono } from "hono";
import { z } from "zod";
import { SAFE_ID } from "../../core/index.ts";
import { SeedImportError, seedsFromFile, seedsFromRows } from "../../generate/llm/seeds/import.ts";
import type { SeedRecord } from "../../generate/llm/stages/s1-seeds.ts";
import { generateLlmSuite } from "../../generate/llm/suite.ts";
import { WorkQueue } from "../../jobs/work-queue.ts";
import { firstFreeTaskId, taskIdTaken } from "../../store/suite-write.ts";
import type { StudioContext } from "../context.ts";
import { html, page } from "../html.ts";
import { createPage, jobPage } from "./page.ts";
import { CreationJobs, type CreationProgress, record } from "./progress.ts";
import { CreateError, checkTarget, clearSuite } from "./target.ts";

/** The largest upload the API's 64 KiB body limit leaves room for once base64-encoded. */
export const MAX_UPLOAD_BYTES = 45_000;

const Suite = z.string().regex(SAFE_ID, "expected a suite name of letters, digits, '_', '-', '.'");

export const CreateRequest = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("llm"),
    suite: Suite,
    model: z.string().min(1),
    adjacent_cases: z.number().int().min(0).max(4).default(2),
    seed: z.number().int().min(0).default(7),
    /** Write into an existing suite by removing its tasks first; without it an existing suite is refused. */
    replace: z.boolean().default(false),
    /** One seed as the form's fields (the S1 columns); `task_id` may be empty (then `<domain>_NN`). */
    fields: z.record(z.string(), z.string().max(5000)).optional(),
    /** A seed spreadsheet: file name (for messages and its format) and base64 content. */
    upload: z.object({ name: z.string().min(1).max(200), base64: z.string().min(1) }).optional(),
  }),
  z.object({
    mode: z.literal("procedural"),
    suite: Suite,
    seed: z.number().int().min(0).default(7),
    replace: z.boolean().default(false),
    per_domain: z.number().int().min(1).max(20).default(1),
  }),
]);
export type CreateRequest = z.infer<typeof CreateRequest>;

/** The seeds a request names, checked: the form's row or the upload's rows, task ids free in the suite. */
export function requestSeeds(root: string, req: Extract<CreateRequest, { mode: "llm" }>): SeedRecord[] {
  let seeds: SeedRecord[];
  try {
    if (req.upload) {
      const name = req.upload.name
        .split(/[\\/]/)
        .pop()!
        .replace(/[^A-Za-z0-9._ -]/g, "_");
      const bytes = Buffer.from(req.upload.base64, "base64");
      if (bytes.length > MAX_UPLOAD_BYTES)
        throw new CreateError(`${name}: ${bytes.length} bytes; uploads take at most ${MAX_UPLOAD_BYTES}`);
      seeds = seedsFromFile(new Uint8Array(bytes), name);
    } else if (req.fields) {
      const row = { ...req.fields };
      const domain = (row.domain ?? "").trim().toLowerCase();
      if (!row.task_id?.trim() && /^[a-z0-9][a-z0-9_-]*$/.test(domain))
        row.task_id = firstFreeTaskId(root, req.suite, domain);
      seeds = seedsFromRows([row], () => "the form");
    } else throw new CreateError("expected the seed form's fields or an uploaded seed spreadsheet");
  } catch (error) {
    if (error instanceof SeedImportError) throw new CreateError(error.problems.join("\n"));
    throw error;
  }
  const taken = seeds.filter((s) => taskIdTaken(root, req.suite, s.task_id, { replace: req.replace }));
  if (taken.length)
    throw new CreateError(
      `task id(s) ${taken.map((s) => s.task_id).join(", ")} already exist in suite ${req.suite}: choose another task id or suite`,
    );
  return seeds;
}

export function createRoutes(ctx: StudioContext, queue: WorkQueue = new WorkQueue(1)): Hono {
  const deps = ctx.deps;
  const root = deps.tasksRoot;
  const jobs = new CreationJobs();
  const view = (p: CreationProgress): CreationProgress => {
    const job = queue.get(p.job);
    return job ? { ...p, status: job.status, stage: job.stage, error: job.error } : p;
  };
  const app = new Hono();
  app.onError((error, c) =>
    c.html(page({ title: "Error", section: "create", body: html`<p>${error.message}</p>` }), 500),
  );
  app.get("/", (c) => c.html(createPage(deps.models, Boolean(deps.generateSuite))));
  app.post("/", async (c) => {
    const parsed = CreateRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return c.json({ error: `${issue.path.join(".") || "body"}: ${issue.message}` }, 400);
    }
    const req = parsed.data;
    try {
      checkTarget(root, req.suite, req.replace);
      if (req.mode === "procedural") {
        const generate = deps.generateSuite;
        if (!generate) throw new CreateError("this server has no procedural generator");
        const progress = jobs.create("procedural", req.suite, null);
        const job = queue.submit("generate", async (stage) => {
          if (req.replace) await clearSuite(root, req.suite);
          stage(`procedural generation: ${req.per_domain} task(s) per domain, seed ${req.seed}`);
          const refs = await generate({ root, suite: req.suite, seed: req.seed, perDomain: req.per_domain });
          progress.tasks = refs;
          return { suite: req.suite, generator: "procedural", tasks: refs };
        });
        jobs.track(job.id, progress);
        return c.json({ job: job.id, url: `/studio/create/jobs/${job.id}` }, 202);
      }
      if (!deps.models.includes(req.model))
        throw new CreateError(
          `model "${req.model}" is not allowed by this server (start it with --models ${req.model})`,
        );
      if (!deps.makeModel) throw new CreateError("this server cannot build models");
      const seeds = requestSeeds(root, req);
      const model = deps.makeModel(req.model);
      const progress = jobs.create("llm", req.suite, req.model);
      const job = queue.submit("generate", async (stage) => {
        if (req.replace) await clearSuite(root, req.suite);
        const out = await generateLlmSuite({
          root,
          suite: req.suite,
          source: { kind: "seeds", seeds },
          model,
          store: deps.store,
          seed: req.seed,
          adjacentCases: req.adjacent_cases,
          now: () => new Date().toISOString(),
          onProgress: (e) => stage(record(progress, e)),
        });
        progress.tasks = out.tasks.map((t) => `${req.suite}/${t.task.id}`);
        return {
          suite: req.suite,
          generator: "llm",
          tasks: progress.tasks,
          run_id: out.runId,
          usage: out.usage,
        };
      });
      jobs.track(job.id, progress);
      return c.json({ job: job.id, url: `/studio/create/jobs/${job.id}` }, 202);
    } catch (error) {
      if (error instanceof CreateError) return c.json({ error: error.message }, 400);
      throw error;
    }
  });
  app.get("/jobs/:id", (c) => {
    const p = jobs.get(c.req.param("id"));
    if (!p)
      return c.html(
        page({
          title: "Not found",
          section: "create",
          body: html`<p>no creation job ${c.req.param("id")}</p>`,
        }),
        404,
      );
    return c.html(jobPage(view(p)));
  });
  app.get("/jobs/:id/progress", (c) => {
    const p = jobs.get(c.req.param("id"));
    if (!p) return c.json({ error: `no creation job ${c.req.param("id")}` }, 404);
    return c.json(view(p), 200, { "cache-control": "no-store" });
  });
  return app;
}
