/**
 * @module Annotation campaign routes inside the studio. The campaign manager's (`/campaigns…`) sit behind the server's
 * token like every studio page; an annotator's (`/annotate/<campaign>/<annotator>…`) are reached with that
 * annotator's link only (the API app lets exactly these paths past its token check, see paths.ts) and give access to
 * nothing but that annotator's own work on that campaign.
 */
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { z } from "zod";
import { campaignAgreement } from "../../analysis/annotation.ts";
import { humanAgreement } from "../../analysis/human-agreement.ts";
import type { StudioContext } from "../context.ts";
import { urls } from "../urls.ts";
import { finalLabels } from "./adjudicated.ts";
import { annotatorHomePage, annotatorWorkflowPage, workflowLabels } from "./annotator-page.ts";
import { campaignsPage, dashboardPage, newCampaignPage } from "./campaign-pages.ts";
import {
  exportAdjudications,
  exportLabels,
  LabelImportError,
  parseLabelImport,
  scoresProblem,
} from "./jsonl.ts";
import { campaignPackets } from "./packets.ts";
import { AdjudicationInput, AnnotationId, CampaignInput, ImportRequest, LabelInput } from "./schema.ts";
import { hashSecret, newSecret, randomId, SECRET_COOKIE, secretMatches } from "./secrets.ts";
import { AnnotationStore, type AnnotatorRow, type CampaignRow, GoldTaken } from "./store.ts";
import { annotatorOrder, campaignWorkflows } from "./workflows.ts";

function fail(c: Context, status: 400 | 403 | 404 | 409, error: string): Response {
  return c.json({ error }, status);
}

async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S> | string> {
  const body = await c.req.json().catch(() => undefined);
  if (body === undefined) return "expected a JSON body";
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  return `invalid body: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ")}`;
}

/** Headers of every annotator response: no caching, no referrer (the first URL carries the link's secret). */
function noStore(c: Context): void {
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
}

export function annotationRoutes(ctx: StudioContext): Hono {
  const store = AnnotationStore.of(ctx.store);
  const app = new Hono();

  // ---- the campaign manager ----
  app.get("/campaigns", async (c) => c.html(campaignsPage(await store.campaigns())));
  app.get("/campaigns/new", (c) => c.html(newCampaignPage(ctx, c.req.query())));
  app.post("/campaigns", async (c) => {
    const input = await jsonBody(c, CampaignInput);
    if (typeof input === "string") return fail(c, 400, input);
    for (const id of input.runs) {
      const run = await ctx.store.getRun(id);
      if (run?.kind !== "agent") return fail(c, 400, `runs: no agent run ${id}`);
      if (!(await ctx.store.getReport(id))) return fail(c, 400, `runs: run ${id} has no report to annotate`);
    }
    const campaign: CampaignRow = {
      id: randomId("c"),
      name: input.name,
      guideline: input.guideline,
      created_at: new Date().toISOString(),
    };
    const secrets = input.annotators.map(() => newSecret());
    const annotators: AnnotatorRow[] = input.annotators.map((name, i) => ({
      id: randomId("a"),
      name,
      secret_hash: hashSecret(secrets[i]!),
    }));
    await store.createCampaign(
      campaign,
      input.runs.map((run_id) => ({ id: randomId("w"), run_id })),
      annotators,
    );
    return c.json(
      {
        id: campaign.id,
        dashboard: urls.campaign(campaign.id),
        links: annotators.map((a, i) => ({
          annotator: a.id,
          name: a.name,
          url: `${urls.annotate(campaign.id, a.id)}?k=${secrets[i]}`,
        })),
      },
      201,
    );
  });

  const managed = async (c: Context) => {
    const id = c.req.param("id") ?? "";
    const campaign = AnnotationId.safeParse(id).success ? await store.campaign(id) : null;
    return campaign;
  };
  const campaignData = async (campaign: CampaignRow) => {
    const [items, annotators, labels, adjudications] = await Promise.all([
      store.items(campaign.id),
      store.annotators(campaign.id),
      store.labels(campaign.id),
      store.adjudications(campaign.id),
    ]);
    return { annotators, labels, adjudications, workflows: await campaignWorkflows(ctx, items) };
  };

  app.get("/campaigns/:id", async (c) => {
    const campaign = await managed(c);
    if (!campaign) return c.notFound();
    const { annotators, labels, adjudications, workflows } = await campaignData(campaign);
    const agreement = campaignAgreement(
      workflows.map((w) => ({
        item: w.item,
        task: w.task,
        agent: w.agent,
        run: w.runId,
        predicted: w.predicted.length,
        gold: w.gold.length,
        judges: Object.fromEntries(w.judges.map((j) => [j.name, j.f1])),
      })),
      annotators.map((a) => a.id),
      labels.map((l) => ({ annotator: l.annotator_id, item: l.item_id, step: l.step, gold: l.gold_step })),
      adjudications.map((a) => ({ item: a.item_id, step: a.step, gold: a.gold_step })),
    );
    // The per-metric figures read the final labels too (adjudicated steps as the adjudicator decided them).
    const { packets, judges } = campaignPackets(workflows, finalLabels(labels, adjudications));
    const metrics = humanAgreement(packets, judges);
    return c.html(
      dashboardPage({ campaign, annotators, workflows, labels, adjudications, agreement, metrics }),
    );
  });
  app.get("/campaigns/:id/adjudications.jsonl", async (c) => {
    const campaign = await managed(c);
    if (!campaign) return c.notFound();
    const { annotators, labels, adjudications, workflows } = await campaignData(campaign);
    return c.body(exportAdjudications(campaign.id, adjudications, labels, annotators, workflows), 200, {
      "content-type": "application/jsonl; charset=utf-8",
      "content-disposition": `attachment; filename="${campaign.id}-adjudications.jsonl"`,
    });
  });
  // An adjudicator's final decision on a step (or its removal): the step must be one the campaign's workflow has.
  app.post("/campaigns/:id/adjudications", async (c) => {
    const campaign = await managed(c);
    if (!campaign) return fail(c, 404, `no campaign ${c.req.param("id")}`);
    const input = await jsonBody(c, AdjudicationInput);
    if (typeof input === "string") return fail(c, 400, input);
    const { workflows } = await campaignData(campaign);
    const w = workflows.find((x) => x.item === input.item);
    if (!w) return fail(c, 400, `item: no workflow ${input.item} in campaign ${campaign.id}`);
    if (input.step > w.predicted.length)
      return fail(
        c,
        400,
        `step: workflow ${input.item} has ${w.predicted.length} predicted steps, not ${input.step}`,
      );
    if ("clear" in input) {
      await store.clearAdjudication(campaign.id, input.item, input.step);
      return c.json({ cleared: true });
    }
    if (input.gold !== null && !w.gold.some((g) => g.item === input.gold))
      return fail(c, 400, `gold: workflow ${input.item}'s task has no gold step ${input.gold}`);
    try {
      await store.putAdjudication(campaign.id, {
        item_id: input.item,
        step: input.step,
        gold_step: input.gold,
        adjudicator: input.adjudicator,
        note: input.note,
      });
    } catch (error) {
      if (error instanceof GoldTaken) return fail(c, 409, `adjudication: ${error.message}`);
      throw error;
    }
    return c.json({ item: input.item, step: input.step, gold: input.gold, adjudicator: input.adjudicator });
  });
  app.get("/campaigns/:id/labels.jsonl", async (c) => {
    const campaign = await managed(c);
    if (!campaign) return c.notFound();
    const { annotators, labels, workflows } = await campaignData(campaign);
    return c.body(exportLabels(campaign.id, labels, annotators, workflows), 200, {
      "content-type": "application/jsonl; charset=utf-8",
      "content-disposition": `attachment; filename="${campaign.id}-labels.jsonl"`,
    });
  });
  app.post("/campaigns/:id/labels", async (c) => {
    const campaign = await managed(c);
    if (!campaign) return fail(c, 404, `no campaign ${c.req.param("id")}`);
    const input = await jsonBody(c, ImportRequest);
    if (typeof input === "string") return fail(c, 400, input);
    const { annotators, workflows } = await campaignData(campaign);
    try {
      const labels = parseLabelImport(input.jsonl, campaign.id, annotators, workflows);
      await store.importLabels(campaign.id, labels, input.mode === "replace");
      return c.json({ imported: labels.length, mode: input.mode });
    } catch (error) {
      if (error instanceof LabelImportError) return fail(c, 400, error.message);
      if (error instanceof GoldTaken)
        return fail(
          c,
          409,
          `labels not imported (nothing was written): ${error.message}; import with mode "replace"`,
        );
      throw error;
    }
  });
  app.post("/campaigns/:id/annotators/:annotator/link", async (c) => {
    const campaign = await managed(c);
    const annotatorId = c.req.param("annotator");
    const annotator =
      campaign && AnnotationId.safeParse(annotatorId).success
        ? await store.annotator(campaign.id, annotatorId)
        : null;
    if (!campaign || !annotator) return fail(c, 404, "no such campaign or annotator");
    const secret = newSecret();
    await store.setSecret(campaign.id, annotator.id, hashSecret(secret));
    return c.json({ url: `${urls.annotate(campaign.id, annotator.id)}?k=${secret}` });
  });

  // ---- an annotator, through their own link ----
  /** The campaign and annotator when the request carries this annotator's secret (link or cookie), else null. */
  const annotatorOf = async (c: Context, secret: string | undefined) => {
    const { campaign: campaignId = "", annotator: annotatorId = "" } = c.req.param();
    if (
      !secret ||
      !AnnotationId.safeParse(campaignId).success ||
      !AnnotationId.safeParse(annotatorId).success
    )
      return null;
    const annotator = await store.annotator(campaignId, annotatorId);
    if (!annotator || !secretMatches(secret, annotator.secret_hash)) return null;
    const campaign = await store.campaign(campaignId);
    return campaign ? { campaign, annotator } : null;
  };
  const REFUSED =
    "this annotator link is not valid (it may have been replaced): ask the campaign's organiser for yours";
  const view = async (campaign: CampaignRow, annotator: AnnotatorRow) => {
    const workflows = annotatorOrder(
      campaign.id,
      annotator.id,
      await campaignWorkflows(ctx, await store.items(campaign.id)),
    );
    return { campaign, annotator, workflows, labels: await store.labels(campaign.id, annotator.id) };
  };

  app.get("/annotate/:campaign/:annotator", async (c) => {
    noStore(c);
    const fromLink = c.req.query("k");
    const who = await annotatorOf(c, fromLink ?? getCookie(c, SECRET_COOKIE));
    if (!who) return fail(c, 403, REFUSED);
    const home = urls.annotate(who.campaign.id, who.annotator.id);
    if (fromLink !== undefined) {
      // Keep the secret in a cookie for this annotator's pages only, and drop it from the address bar.
      setCookie(c, SECRET_COOKIE, fromLink, {
        path: home,
        httpOnly: true,
        sameSite: "Lax",
        secure: new URL(c.req.url).protocol === "https:",
      });
      return c.redirect(home, 303);
    }
    return c.html(annotatorHomePage(await view(who.campaign, who.annotator)));
  });
  app.get("/annotate/:campaign/:annotator/:n{[0-9]+}", async (c) => {
    noStore(c);
    const who = await annotatorOf(c, getCookie(c, SECRET_COOKIE));
    if (!who) return fail(c, 403, REFUSED);
    const pageHtml = annotatorWorkflowPage(await view(who.campaign, who.annotator), Number(c.req.param("n")));
    return pageHtml ? c.html(pageHtml) : c.notFound();
  });
  app.post("/annotate/:campaign/:annotator/labels", async (c) => {
    noStore(c);
    const who = await annotatorOf(c, getCookie(c, SECRET_COOKIE));
    if (!who) return fail(c, 403, REFUSED);
    const input = await jsonBody(c, LabelInput);
    if (typeof input === "string") return fail(c, 400, input);
    const { campaign, annotator } = who;
    const item = (await store.items(campaign.id)).find((i) => i.id === input.item);
    if (!item) return fail(c, 404, `item: no workflow ${input.item} in this campaign`);
    const [w] = await campaignWorkflows(ctx, [item]);
    if (!w || w.problem) return fail(c, 409, w?.problem ?? "this workflow cannot be annotated");
    if (input.step > w.predicted.length)
      return fail(c, 400, `step: this workflow has ${w.predicted.length} predicted steps, got ${input.step}`);
    if ("clear" in input) {
      await store.clearLabel(campaign.id, annotator.id, item.id, input.step);
    } else if ("scores" in input) {
      const decision = (await store.labels(campaign.id, annotator.id)).find(
        (l) => l.item_id === item.id && l.step === input.step,
      );
      if (!decision) return fail(c, 409, `step: decide P${input.step}'s match before scoring it`);
      const problem = scoresProblem({ gold: decision.gold_step, ...input.scores }, w);
      if (problem) return fail(c, 400, problem);
      await store.putScores(campaign.id, annotator.id, item.id, input.step, input.scores);
    } else {
      if (input.gold !== null && !w.gold.some((g) => g.item === input.gold))
        return fail(c, 400, `gold: this task has no gold step ${input.gold}`);
      try {
        await store.putLabel(campaign.id, {
          annotator_id: annotator.id,
          item_id: item.id,
          step: input.step,
          gold_step: input.gold,
          note: input.note,
        });
      } catch (error) {
        if (error instanceof GoldTaken) return fail(c, 409, error.message);
        throw error;
      }
    }
    return c.json({ labels: workflowLabels(await store.labels(campaign.id, annotator.id), item.id) });
  });
  return app;
}
