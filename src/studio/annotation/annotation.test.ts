/**
 * Annotation campaigns through `app.request` on runs the offline loop recorded (one demo task, two agent specs): a
 * campaign with three annotator links, what a link grants (its own pages, nothing else; the API token still guards
 * everything else), agent identity hidden, the one-to-one rule refused by the server, the dashboard's statistics, and
 * JSONL export / import with errors naming line and field.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { recordOfflineRuns, TASKS } from "../../../test/support/offline-runs.ts";
import { fleissKappa, labelCounts } from "../../analysis/agreement.ts";
import { createApp } from "../../api/app.ts";
import { defaultDeps } from "../../api/primitives.ts";
import { RunStore } from "../../store/run-store.ts";
import { isAnnotatorPath } from "./paths.ts";

const SPECS = ["extractive", "extractive:searchLimit=4"];
const TOKEN = "s3cret-token-for-annotation";
let dir: string;
let store: RunStore;
let app: Hono;
let runs: string[];

type Created = { id: string; dashboard: string; links: { annotator: string; name: string; url: string }[] };

const ORIGIN = "http://127.0.0.1";
const request = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}${path}`, init);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** Follow an annotator link: the cookie it sets, and the page it redirects to. */
async function open(url: string): Promise<{ cookie: string; home: string; location: string }> {
  const res = await request(url);
  expect(res.status).toBe(303);
  const setCookie = res.headers.get("set-cookie")!;
  expect(setCookie).toContain("HttpOnly");
  const path = new URL(url, ORIGIN).pathname;
  expect(setCookie).toContain(`Path=${path}`);
  return { cookie: setCookie.split(";")[0]!, home: path, location: res.headers.get("location")! };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "drflow-annotation-"));
  store = new RunStore(join(dir, "runs.sqlite"));
  await recordOfflineRuns(store, {
    batch: "annotation-unit",
    tasks: ["demo/b2b_01"],
    specs: SPECS,
    indexDir: join(dir, "env"),
  });
  runs = store.listRuns({ kind: "agent" }).map((r) => r.id);
  app = createApp({ deps: defaultDeps({ store, tasksRoot: TASKS, notebooksDir: join(dir, "nb") }) });
}, 300_000);

afterAll(async () => {
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("annotation campaigns", () => {
  let created: Created;

  test("creating a campaign checks its input and returns one link per annotator", async () => {
    expect(runs).toHaveLength(2);
    const bad = await post("/studio/campaigns", { name: "", runs: [], annotators: ["a", "a"] });
    expect(bad.status).toBe(400);
    const error = ((await bad.json()) as { error: string }).error;
    expect(error).toContain("name: a campaign needs a name");
    expect(error).toContain("runs: choose at least one run");
    expect(error).toContain("annotators: two annotators have the same name");
    const unknown = await post("/studio/campaigns", { name: "x", runs: ["nope"], annotators: ["a"] });
    expect(((await unknown.json()) as { error: string }).error).toBe("runs: no agent run nope");

    const res = await post("/studio/campaigns", { name: "Pilot", runs, annotators: ["Ann", "Bo", "Cy"] });
    expect(res.status).toBe(201);
    created = (await res.json()) as Created;
    expect(created.links.map((l) => l.name)).toEqual(["Ann", "Bo", "Cy"]);
    for (const l of created.links) expect(isAnnotatorPath(new URL(l.url, ORIGIN).pathname)).toBe(true);
    // The secret is stored only as a hash.
    const stored = store.db
      .query<{ secret_hash: string }, []>("SELECT secret_hash FROM annotation_annotators")
      .all();
    for (const l of created.links) {
      const secret = new URL(l.url, ORIGIN).searchParams.get("k")!;
      expect(secret.length).toBeGreaterThanOrEqual(43);
      expect(stored.some((s) => s.secret_hash.includes(secret))).toBe(false);
    }
  });

  test("a link opens that annotator's pages only, with no agent or run named anywhere", async () => {
    const [ann, bo] = created.links;
    const a = await open(ann!.url);
    expect(a.location).toBe(a.home);
    const home = await request(a.home, { headers: { cookie: a.cookie } });
    expect(home.status).toBe(200);
    expect(home.headers.get("referrer-policy")).toBe("no-referrer");
    const page = await request(`${a.home}/1`, { headers: { cookie: a.cookie } });
    expect(page.status).toBe(200);
    for (const text of [await home.text(), await page.clone().text()]) {
      for (const spec of SPECS) expect(text).not.toContain(spec);
      expect(text).not.toContain("extractive");
      for (const run of runs) expect(text).not.toContain(run);
      expect(text).not.toContain("/studio/runs");
    }
    // Without the cookie, with a wrong secret, or with another annotator's cookie: refused.
    expect((await request(a.home)).status).toBe(403);
    expect((await request(`${a.home}?k=wrong`)).status).toBe(403);
    const b = await open(bo!.url);
    expect((await request(a.home, { headers: { cookie: b.cookie } })).status).toBe(403);
    expect(
      (await request(`/studio/annotate/${created.id}/nobody/1`, { headers: { cookie: a.cookie } })).status,
    ).toBe(403);
  });

  test("each annotator sees the workflows in their own stable order", async () => {
    const itemsOf = async (url: string) => {
      const a = await open(url);
      const items: string[] = [];
      for (const n of [1, 2]) {
        const html = await (await request(`${a.home}/${n}`, { headers: { cookie: a.cookie } })).text();
        items.push(/"item":"(w[0-9a-f]+)"/.exec(html)![1]!);
      }
      return items;
    };
    const orders = await Promise.all(created.links.map((l) => itemsOf(l.url)));
    for (const o of orders) expect(new Set(o).size).toBe(2);
    expect(await itemsOf(created.links[0]!.url)).toEqual(orders[0]!);
  });

  test("the server enforces one to one and checks steps and gold ids", async () => {
    const a = await open(created.links[0]!.url);
    const html = await (await request(`${a.home}/1`, { headers: { cookie: a.cookie } })).text();
    const item = /"item":"(w[0-9a-f]+)"/.exec(html)![1]!;
    const labels = `${a.home}/labels`;
    const ok = await post(labels, { item, step: 1, gold: 1, note: "same action" }, { cookie: a.cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      labels: { 1: { gold: 1, note: "same action", cr: null, pc: null, supported: null } },
    });
    const dup = await post(labels, { item, step: 2, gold: 1 }, { cookie: a.cookie });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as { error: string }).error).toContain(
      "gold step 1 is already matched to predicted step 1",
    );
    expect((await post(labels, { item, step: 2, gold: 999 }, { cookie: a.cookie })).status).toBe(400);
    expect((await post(labels, { item, step: 999, gold: null }, { cookie: a.cookie })).status).toBe(400);
    expect((await post(labels, { item: "wnope", step: 1, gold: null }, { cookie: a.cookie })).status).toBe(
      404,
    );
    // Re-deciding the same step moves its gold; clearing frees it.
    expect((await post(labels, { item, step: 1, gold: 2 }, { cookie: a.cookie })).status).toBe(200);
    expect((await post(labels, { item, step: 2, gold: 1 }, { cookie: a.cookie })).status).toBe(200);
    const cleared = await post(labels, { item, step: 2, clear: true }, { cookie: a.cookie });
    expect(await cleared.json()).toEqual({
      labels: { 1: { gold: 2, note: "", cr: null, pc: null, supported: null } },
    });
    // No cookie: refused before anything is read.
    expect((await post(labels, { item, step: 1, gold: null })).status).toBe(403);
  });

  test("notes and names are rendered as text, never as markup", async () => {
    const hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>";
    const res = await post("/studio/campaigns", { name: hostile, runs, annotators: [hostile] });
    const made = (await res.json()) as Created;
    const a = await open(made.links[0]!.url);
    const first = await (await request(`${a.home}/1`, { headers: { cookie: a.cookie } })).text();
    const item = /"item":"(w[0-9a-f]+)"/.exec(first)![1]!;
    const saved = await post(
      `${a.home}/labels`,
      { item, step: 1, gold: null, note: hostile },
      { cookie: a.cookie },
    );
    expect(saved.status).toBe(200);
    for (const path of [a.home, `${a.home}/1`, `/studio/campaigns/${made.id}`, "/studio/campaigns"]) {
      const html = await (await request(path, { headers: { cookie: a.cookie } })).text();
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<img src=x");
    }
  });

  test("behind a token: an annotator link works, and grants nothing else", async () => {
    const guarded = createApp({
      deps: defaultDeps({ store, tasksRoot: TASKS, notebooksDir: join(dir, "nb") }),
      host: "0.0.0.0",
      token: TOKEN,
    });
    const url = new URL(created.links[1]!.url, "http://x");
    const first = await guarded.request(url.href);
    expect(first.status).toBe(303);
    const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
    expect((await guarded.request(`http://x${url.pathname}`, { headers: { cookie } })).status).toBe(200);
    expect((await guarded.request(`http://x${url.pathname}/1`, { headers: { cookie } })).status).toBe(200);
    for (const path of [
      "/studio/runs",
      `/studio/campaigns/${created.id}`,
      "/runs",
      "/health",
      "/studio/annotate/x",
    ])
      expect((await guarded.request(`http://x${path}`, { headers: { cookie } })).status).toBe(401);
    // A path that normalizes to another annotator's is that annotator's, and this cookie is not theirs.
    expect((await guarded.request(`http://x${url.pathname}/../other`, { headers: { cookie } })).status).toBe(
      403,
    );
    expect(
      (
        await guarded.request(`http://x/studio/campaigns/${created.id}`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).status,
    ).toBe(200);
  });

  test("a decided step takes metric labels its decision allows; a new gold step drops the pair's", async () => {
    const a = await open(created.links[2]!.url);
    const html = await (await request(`${a.home}/1`, { headers: { cookie: a.cookie } })).text();
    const state = JSON.parse(
      /<script type="application\/json" id="annotation-state">(.*?)<\/script>/s.exec(html)![1]!,
    ) as { item: string; gold: number[]; conditional: number[] };
    expect(html).toContain("Score 1.0 (Fully Resolved)"); // N.4's rubric, from the prompt file
    expect(html).toContain("**Specificity** (0.0-1.0)"); // N.5's
    const conditional = state.conditional[0]!;
    const plain = state.gold.find((g) => !state.conditional.includes(g))!;
    expect(conditional).toBeDefined();
    const labels = `${a.home}/labels`;
    const send = (body: unknown) =>
      post(labels, { item: state.item, ...(body as object) }, { cookie: a.cookie });
    const error = async (r: Response) => ((await r.json()) as { error: string }).error;
    const pc = { specificity: 0.8, personalization: 0.6, completeness: 1, actionability: 0.4 };
    const early = await send({ step: 1, scores: { pc } });
    expect(early.status).toBe(409);
    expect(await error(early)).toBe("step: decide P1's match before scoring it");
    expect((await send({ step: 1, gold: plain })).status).toBe(200);
    const notConditional = await send({ step: 1, scores: { cr: 1 } });
    expect(notConditional.status).toBe(400);
    expect(await error(notConditional)).toContain(`gold step ${plain} is not conditional`);
    expect((await send({ step: 1, scores: { cr: 0.7 } })).status).toBe(400); // N.4 has three levels
    expect((await send({ step: 1, scores: { pc: { ...pc, actionability: 2 } } })).status).toBe(400);
    expect((await send({ step: 1, scores: { pc, supported: 1 } })).status).toBe(200);
    expect((await send({ step: 2, gold: conditional })).status).toBe(200);
    const scored = await send({ step: 2, scores: { cr: 0.5 } });
    expect(((await scored.json()) as { labels: Record<number, unknown> }).labels).toEqual({
      1: { gold: plain, note: "", cr: null, pc, supported: 1 },
      2: { gold: conditional, note: "", cr: 0.5, pc: null, supported: null },
    });
    // P1 moves to unmatched: its pair's comprehensiveness goes, its factuality stays; an unmatched step takes no pc.
    const moved = await send({ step: 1, gold: null });
    expect(((await moved.json()) as { labels: Record<number, unknown> }).labels[1]).toEqual({
      gold: null,
      note: "",
      cr: null,
      pc: null,
      supported: 1,
    });
    const unmatched = await send({ step: 1, scores: { pc } });
    expect(await error(unmatched)).toContain("this step is unmatched");
    for (const step of [1, 2]) await send({ step, clear: true });
  });

  test("the dashboard reports agreement from the labels, and the JSONL export round-trips", async () => {
    // Script the three annotators' labels on every workflow through their own links.
    const decisions: Record<string, number[]> = {};
    const rows: string[][] = [];
    for (const [k, link] of created.links.entries()) {
      const a = await open(link.url);
      for (const n of [1, 2]) {
        const html = await (await request(`${a.home}/${n}`, { headers: { cookie: a.cookie } })).text();
        const state = JSON.parse(
          /<script type="application\/json" id="annotation-state">(.*?)<\/script>/s.exec(html)![1]!,
        );
        for (let step = 1; step <= state.steps; step++) {
          // Annotator k matches step s to gold s when (s + k) % 3 != 0, else leaves it unmatched.
          const gold = (step + k) % 3 !== 0 && state.gold.includes(step) ? step : null;
          expect(
            (await post(`${a.home}/labels`, { item: state.item, step, gold }, { cookie: a.cookie })).status,
          ).toBe(200);
          const key = `${state.item}:${step}`;
          decisions[key] ??= [];
          decisions[key]![k] = gold ?? -1;
        }
      }
    }
    for (const row of Object.values(decisions)) rows.push(row.map((g) => (g < 0 ? "none" : `gold ${g}`)));
    const expected = fleissKappa(labelCounts(rows).counts).kappa;
    const dash = await (await request(`/studio/campaigns/${created.id}`)).text();
    expect(dash).toContain(`id="kappa">${expected.toFixed(3)}<`);
    expect(dash).toContain("No LLM-judge evaluation exists for these runs");
    expect(dash).toContain('data-judge="lexical"');
    expect(dash).toContain("<svg");

    const exported = await (await request(`/studio/campaigns/${created.id}/labels.jsonl`)).text();
    const lines = exported.trim().split("\n");
    expect(lines.length).toBe(Object.keys(decisions).length * 3);
    const back = await post(`/studio/campaigns/${created.id}/labels`, { jsonl: exported, mode: "replace" });
    expect(await back.json()).toEqual({ imported: lines.length, mode: "replace" });
    expect(await (await request(`/studio/campaigns/${created.id}/labels.jsonl`)).text()).toBe(exported);
  });

  test("a bad import names line and field and writes nothing", async () => {
    const exported = await (await request(`/studio/campaigns/${created.id}/labels.jsonl`)).text();
    const lines = exported.trim().split("\n");
    const first = JSON.parse(lines[0]!);
    const bad = [
      lines[0],
      "{not json",
      JSON.stringify({ ...first, step: "two" }),
      JSON.stringify({ ...first, annotator: "azzz" }),
      JSON.stringify({ ...first, gold: 999 }),
      JSON.stringify({ ...first, run: "other" }),
      lines[0],
    ].join("\n");
    const res = await post(`/studio/campaigns/${created.id}/labels`, { jsonl: bad, mode: "replace" });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: string }).error;
    expect(error).toContain("nothing was written");
    expect(error).toContain("line 2: not JSON");
    expect(error).toContain("line 3: step: ");
    expect(error).toContain('line 4: annotator: no annotator "azzz"');
    expect(error).toContain("line 5: gold: task demo/b2b_01 has no gold step 999");
    expect(error).toContain('line 6: run: run "other" is not part of this campaign');
    expect(error).toContain("line 7: step: annotator");
    expect(await (await request(`/studio/campaigns/${created.id}/labels.jsonl`)).text()).toBe(exported);
  });
});
