/**
 * The studio through `app.request` on runs the offline loop recorded (two demo tasks × both splits), plus one run
 * with recorded model calls whose exchange is in an LLM cache: pages, counts, model-call details, judgment, compare,
 * documents, and hostile requests (paths, unknown ids, the token off loopback).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { recordOfflineRuns, TASKS } from "../../test/support/offline-runs.ts";
import { createApp } from "../api/app.ts";
import { defaultDeps } from "../api/primitives.ts";
import { LlmCache } from "../llm/cache.ts";
import { RunStore } from "../store/run-store.ts";

const BATCH = "studio-unit";
let dir: string;
let store: RunStore;
let app: Hono;
let cacheKey: string;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(`http://127.0.0.1${path}`, { headers });
  return { status: res.status, text: await res.text(), res };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "drflow-studio-unit-"));
  store = new RunStore(join(dir, "runs.sqlite"));
  await recordOfflineRuns(store, {
    batch: BATCH,
    tasks: ["demo/b2b_01", "demo/healthcare_01"],
    specs: ["extractive"],
    splits: ["original", "mixed"],
  });
  // A run with one model call whose request and reply the LLM cache holds.
  const cache = new LlmCache(join(dir, "cache.sqlite"));
  cacheKey = cache.put(
    {
      provider: "compat",
      base_url: "http://127.0.0.1:1/v1",
      model: "m",
      kind: "chat",
      messages: [
        { role: "system", content: "You plan research." },
        { role: "user", content: "Plan the onboarding research <now>." },
      ],
      parameters: {},
      schema: null,
      tools: null,
      repeat: 0,
    },
    "compat:http://127.0.0.1:1/v1#m",
    {
      text: '{"plan": ["find the policy"]}',
      embeddings: null,
      input_tokens: 31,
      output_tokens: 9,
      usage_source: "provider",
      cost_usd: 0.0012,
    },
  );
  cache.db.close();
  store.saveRun({
    id: "llm-run",
    kind: "agent",
    task: "demo/b2b_01",
    split: "original",
    agent: "drfa",
    model: "compat:m",
    status: "done",
    started_at: "2026-01-01T00:00:00.000Z",
  });
  store.saveTrace("llm-run", [
    {
      type: "action",
      at: 1000,
      actionId: "a1",
      actionType: "research_planning",
      description: "Plan",
      stage: "planning",
      status: "started",
    },
    {
      type: "model",
      at: 1010,
      stage: "planning",
      usage: { inputTokens: 31, outputTokens: 9, costUsd: 0.0012, latencyMs: 420, cached: false },
    },
  ]);
  store.recordCall({
    run_id: "llm-run",
    stage: "planning",
    role: "agent",
    handle: "compat:http://127.0.0.1:1/v1#m",
    provider: "compat",
    model: "m",
    kind: "chat",
    temperature: 0,
    seed: null,
    prompt_template: "J.4",
    request_key: cacheKey,
    input_tokens: 31,
    output_tokens: 9,
    usage_source: "provider",
    cost_usd: 0.0012,
    latency_ms: 420,
    cached: false,
    attempt: 1,
    retries: 0,
    started_at: "2026-01-01T00:00:01.010Z",
  });
  app = createApp({
    deps: defaultDeps({ store, tasksRoot: TASKS }),
    studio: { cachePath: join(dir, "cache.sqlite") },
  });
}, 120_000);
afterAll(async () => {
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("studio pages", () => {
  test("runs: all agent runs, filters narrow by task and split, metric sort puts nulls last", async () => {
    const all = await get("/studio/runs");
    expect(all.status).toBe(200);
    expect(all.text).toContain('id="run-count" data-live-part>5 run(s)');
    const one = await get("/studio/runs?task=demo%2Fhealthcare_01&split=mixed");
    expect(one.text).toContain('id="run-count" data-live-part>1 run(s)');
    expect(one.text).toContain("demo/healthcare_01");
    const sorted = await get("/studio/runs?sort=f1&dir=desc");
    const order = [...sorted.text.matchAll(/class="run-link"[^>]*data-v="([^"]+)"/g)].map((m) => m[1]);
    expect(order.at(-1)).toBe("llm-run"); // no metrics: last whichever the direction
    const asc = await get("/studio/runs?sort=f1&dir=asc");
    expect([...asc.text.matchAll(/class="run-link"[^>]*data-v="([^"]+)"/g)].map((m) => m[1]).at(-1)).toBe(
      "llm-run",
    );
  });

  test("batch grid: mean per agent × split with scored / n/a / unscored counts", async () => {
    const r = await get(`/studio/batches/${BATCH}?metric=condition_resolution`);
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/2 scored · 0 n\/a · 0 unscored/);
    expect(r.text).toContain("DRFlow paper, Table 2");
    expect(r.text).toContain("DRFlow paper, Table 3");
    expect((await get("/studio/batches/none-such")).status).toBe(404);
  });

  test("run: the model call shows its messages, reply, tokens, cost, latency, cache status and key", async () => {
    const r = await get("/studio/runs/llm-run");
    expect(r.status).toBe(200);
    expect(r.text).toContain("Plan the onboarding research &lt;now&gt;.");
    expect(r.text).toContain("{&quot;plan&quot;: [&quot;find the policy&quot;]}");
    expect(r.text).toContain("31 in / 9 out tokens (provider)");
    expect(r.text).toContain("$0.0012");
    expect(r.text).toContain("420 ms");
    expect(r.text).toContain("cache miss");
    expect(r.text).toContain(cacheKey);
  });

  test("run and judgment of an offline run: citations link to documents, alignment with similarity", async () => {
    const id = store.listRuns({ batch: BATCH, task: "demo/b2b_01", split: "original" })[0]!.id;
    const run = await get(`/studio/runs/${id}`);
    expect(run.text).toMatch(
      /<a class="cite" href="\/studio\/tasks\/demo\/b2b_01\/docs\/[A-Za-z0-9_.-]+\?run=/,
    );
    expect((run.text.match(/<pre class="mermaid">/g) ?? []).length).toBe(4);
    const j = await get(`/studio/runs/${id}/judgment`);
    expect(j.text).toContain('id="alignment-recall"');
    expect(j.text).toMatch(/<td class="num">0\.\d{3}<\/td>/);
    expect(j.text).toContain("expected branch");
    expect(j.text).toContain("specifics missed");
  });

  test("compare: seeded bootstrap deltas, wins and losses, one task side by side", async () => {
    const q = `a.batch=${BATCH}&a.split=original&b.batch=${BATCH}&b.split=mixed`;
    const r = await get(`/studio/compare?${q}&task=demo%2Fb2b_01`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('id="deltas"');
    expect(r.text).toContain("seed 20260101");
    expect(r.text).toContain('id="side-by-side"');
    // Same seed, same page.
    expect((await get(`/studio/compare?${q}&task=demo%2Fb2b_01`)).text).toBe(r.text);
  });

  test("documents: email as a message, chat as messages, files by manifest id only", async () => {
    const manifest = (await Bun.file(join(TASKS, "demo/b2b_01/artifacts/manifest.json")).json()) as {
      artifacts: { id: string; format: string }[];
    };
    const eml = manifest.artifacts.find((a) => a.format === "eml")!;
    const chat = manifest.artifacts.find((a) => a.format === "chat")!;
    expect((await get(`/studio/tasks/demo/b2b_01/docs/${eml.id}`)).text).toContain('class="msg email"');
    expect((await get(`/studio/tasks/demo/b2b_01/docs/${chat.id}`)).text).toContain('class="msg chat"');
    const pdf = manifest.artifacts.find((a) => a.format === "pdf" || a.format === "docx")!;
    const file = await get(`/studio/tasks/demo/b2b_01/files/${pdf.id}`);
    expect(file.status).toBe(200);
    expect(file.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.res.headers.get("content-security-policy")).toBe("sandbox");
  });

  test("hostile requests: traversal, unknown ids, missing pages are 404 pages, never files", async () => {
    for (const path of [
      "/studio/tasks/../../etc/docs/passwd",
      "/studio/tasks/demo/..%2F..%2Fetc/docs/x",
      "/studio/tasks/%2E%2E/b2b_01/docs/b2b_01_IN_1",
      "/studio/tasks/demo/b2b_01/files/..%2Ftask.json",
      "/studio/tasks/demo/b2b_01/docs/no_such_doc",
      "/studio/runs/no-such-run",
      "/studio/notebooks/..%2Fx",
      "/studio/nothing-here",
    ]) {
      const r = await get(path);
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
      expect(r.text).not.toContain("root:");
    }
  });

  test("mermaid is served from node_modules; the paper page lists every table with its origin", async () => {
    const js = await get("/studio/assets/mermaid.min.js");
    expect(js.status).toBe(200);
    expect(js.text.length).toBeGreaterThan(1_000_000);
    const paper = await get("/studio/paper");
    for (const id of ["2", "3", "4", "C.1", "C.2", "D.1", "E.1", "H.2", "G.1"])
      expect(paper.text).toContain(`id="table-${id}"`);
    expect(paper.text).toContain("69.14");
    // Table 2 in the studio's one metric order, and bolded as its caption says: the best per column per backbone.
    const t2 = paper.text.slice(paper.text.indexOf('id="table-2"'), paper.text.indexOf('id="table-3"'));
    const heads = [...t2.matchAll(/<th class="num">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(["Fact.", "Recall", "Prec.", "F1", "Topo.", "Cond. Res.", "Pers. Comp."]);
    expect(t2).toContain("<b>90.01</b>"); // GPT-5.2 DRBA's factuality, the best of its block
    expect(t2).toContain("<b>63.90</b>"); // GPT-5.2 DRFA's F1
    expect(t2).not.toContain("<b>85.99</b>"); // GPT-5.2 DRFA's factuality, below DRBA's
    const h2 = paper.text.slice(paper.text.indexOf('id="table-H.2"'), paper.text.indexOf('id="table-G.1"'));
    expect(h2).not.toContain("<b>"); // its caption bolds nothing
  });

  test("off loopback the studio needs the token like the API", async () => {
    const guarded = createApp({
      deps: defaultDeps({ store, tasksRoot: TASKS }),
      host: "0.0.0.0",
      token: "s3cret-token",
    });
    expect((await guarded.request("http://x/studio/runs")).status).toBe(401);
    const ok = await guarded.request("http://x/studio/runs", {
      headers: { authorization: "Bearer s3cret-token" },
    });
    expect(ok.status).toBe(200);
  });
});

test("a run with calls of an unpriced handle shows its cost as unknown, never $0, and sorts with the nulls", async () => {
  store.saveRun({
    id: "unpriced-run",
    kind: "agent",
    task: "demo/b2b_01",
    split: "original",
    agent: "drfa",
    model: "compat:m",
    status: "done",
    started_at: "2026-01-02T00:00:00.000Z",
  });
  const call = {
    run_id: "unpriced-run",
    stage: "planning",
    role: "agent" as const,
    handle: "compat:http://127.0.0.1:1/v1#m",
    provider: "compat" as const,
    model: "m",
    kind: "chat" as const,
    temperature: 0,
    seed: null,
    prompt_template: "J.4",
    input_tokens: 31,
    output_tokens: 9,
    usage_source: "provider" as const,
    latency_ms: 420,
    cached: false,
    attempt: 1,
    retries: 0,
    started_at: "2026-01-02T00:00:01.000Z",
  };
  store.recordCall({ ...call, request_key: "k-priced", cost_usd: 0.002 });
  store.recordCall({ ...call, request_key: "k-unpriced", cost_usd: null });
  const runs = await get("/studio/runs");
  expect(runs.text).toContain("≥ $0.0020 (1 call unpriced)");
  const run = await get("/studio/runs/unpriced-run");
  expect(run.text).toContain("· unpriced ·");
  expect(run.text).toContain("≥ $0.0020 (1 call unpriced)");
  for (const dir of ["asc", "desc"]) {
    const sorted = await get(`/studio/runs?sort=cost&dir=${dir}`);
    expect([...sorted.text.matchAll(/class="run-link"[^>]*data-v="([^"]+)"/g)].map((m) => m[1]).at(-1)).toBe(
      "unpriced-run",
    );
  }
});
