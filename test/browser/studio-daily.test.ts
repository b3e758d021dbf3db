/**
 * The studio's daily-use fixes (issue 28) in Debian chromium, on the offline demo eval's runs: `/studio/` answers,
 * trace offsets count from the first real event, `original` before `mixed`, one metric order, one interval rule, the
 * create page's refusals. No page error, no request beyond 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { metricLabel, metricNames } from "../../src/judge/index.ts";
import { LlmCache } from "../../src/llm/cache.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { CORPUS_DIR } from "../../src/store/task-store.ts";
import { recordOfflineRuns, TASKS } from "../support/offline-runs.ts";
import { CHROMIUM, launchChromium, watchPage } from "./chromium.ts";

// Under a shared machine's load a page can take seconds; the suite's own budget is per test below.
setDefaultTimeout(120_000);

const BATCH = "daily-demo";

let dir: string;
let store: RunStore;
let server: ReturnType<typeof Bun.serve>;
let createServer: ReturnType<typeof Bun.serve>;
let createRoot: string;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let origin: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  dir = await mkdtemp(join(tmpdir(), "drflow-daily-"));
  store = new RunStore(join(dir, "runs.sqlite"));
  const demo = await runDemo({ root: TASKS, store, batch: BATCH, indexDir: join(dir, "env") });
  expect(demo.results.every((r) => r.status === "done")).toBe(true);
  recordTranscriptRun(store, join(dir, "cache.sqlite"));
  const serve = (tasksRoot: string) =>
    Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: createApp({
        deps: defaultDeps({ store, tasksRoot, notebooksDir: join(dir, "notebooks") }),
        studio: { cachePath: join(dir, "cache.sqlite") },
      }).fetch,
    });
  server = serve(TASKS);
  origin = `http://127.0.0.1:${server.port}`;
  createRoot = join(dir, "tasks");
  copyTaskFolder(TASKS, "demo/b2b_01", createRoot);
  createServer = serve(createRoot);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  createServer?.stop(true);
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

const SYSTEM = `You are a deep-research planner. ${"Read the company's policies and the user's own files before answering. ".repeat(20)}`;

/** A run of an LLM agent with two model calls (their exchanges in the LLM cache) around a tool call. */
function recordTranscriptRun(runs: RunStore, cachePath: string): void {
  const cache = new LlmCache(cachePath);
  const t = Date.parse("2026-11-30T10:00:00.000Z");
  const handle = "compat:http://127.0.0.1:1/v1#m";
  const calls = [
    {
      user: "Plan the onboarding research.",
      reply: '{"plan": ["find the onboarding policy"]}',
      stage: "planning",
      at: t + 1000,
    },
    {
      user: "Write the report from these findings.",
      reply: "# Report\n\nStep 1: receive the hand-off.",
      stage: "report",
      at: t + 4000,
    },
  ];
  const keys = calls.map((c) =>
    cache.put(
      {
        provider: "compat",
        base_url: "http://127.0.0.1:1/v1",
        model: "m",
        kind: "chat",
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: c.user },
        ],
        parameters: {},
        schema: null,
        tools: null,
        repeat: 0,
      },
      handle,
      {
        text: c.reply,
        embeddings: null,
        input_tokens: 400,
        output_tokens: 20,
        usage_source: "provider",
        cost_usd: 0.001,
      },
    ),
  );
  cache.db.close();
  runs.saveRun({
    id: "llm-transcript",
    kind: "agent",
    task: "demo/b2b_01",
    split: "original",
    agent: "drfa",
    model: "compat:m",
    status: "done",
    started_at: new Date(t).toISOString(),
  });
  runs.saveTrace("llm-transcript", [
    { type: "note", at: 0, message: "environment: original split" },
    {
      type: "model",
      at: calls[0]!.at,
      stage: "planning",
      usage: { inputTokens: 400, outputTokens: 20, costUsd: 0.001, latencyMs: 300, cached: false },
    },
    {
      type: "tool",
      at: t + 2500,
      tool: "search",
      input: { query: "onboarding policy" },
      resultCount: 1,
      sourceIds: ["doc-000000000000"],
    },
    {
      type: "model",
      at: calls[1]!.at,
      stage: "report",
      usage: { inputTokens: 400, outputTokens: 20, costUsd: 0.001, latencyMs: 300, cached: false },
    },
  ]);
  for (const [i, c] of calls.entries())
    runs.recordCall({
      run_id: "llm-transcript",
      stage: c.stage,
      role: "agent",
      handle,
      provider: "compat",
      model: "m",
      kind: "chat",
      temperature: 0,
      seed: null,
      prompt_template: "J.4",
      request_key: keys[i]!,
      input_tokens: 400,
      output_tokens: 20,
      usage_source: "provider",
      cost_usd: 0.001,
      latency_ms: 300,
      cached: false,
      attempt: 1,
      retries: 0,
      started_at: new Date(c.at).toISOString(),
    });
}

async function open(url: string): Promise<{ page: Page; errors: string[]; outside: string[] }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const { errors, outside } = watchPage(page);
  await page.goto(url);
  return { page, errors, outside };
}

describe("quick fixes", () => {
  test("/studio/ (the address the server prints) opens the runs page", async () => {
    const { page, errors } = await open(`${origin}/studio/`);
    expect(new URL(page.url()).pathname).toBe("/studio/runs");
    expect(await page.locator("#runs tbody tr").count()).toBe(21);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("trace offsets count from the first event's real time", async () => {
    const { page, errors } = await open(`${origin}/studio/runs?batch=${BATCH}`);
    await Promise.all([
      page.waitForURL(/\/studio\/runs\/daily-demo-/),
      page.locator("a.run-link").first().click(),
    ]);
    const offsets = (await page.locator("#timeline .t").allTextContents()).filter((t) => t.startsWith("+"));
    expect(offsets.length).toBeGreaterThan(3);
    const seconds = offsets.map((t) => Number.parseFloat(t.slice(1)));
    expect(seconds[0]).toBe(0);
    // An offline run takes seconds, not the 56 years since the epoch.
    expect(Math.max(...seconds)).toBeLessThan(600);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the batch grid puts original before mixed; every metric table keeps the registry's order", async () => {
    const { page, errors } = await open(`${origin}/studio/batches/${BATCH}`);
    const head = await page.locator("#batch-grid thead th").allTextContents();
    expect(head.slice(2)).toEqual(["original", "mixed"]);
    const order = metricNames("drflow").map((m) => metricLabel(m).short);
    const allHead = (await page.locator("#all-metrics thead th").allTextContents()).filter((h) =>
      order.includes(h),
    );
    expect(allHead).toEqual(order);
    await page.goto(`${origin}/studio/runs`);
    const runsHead = (await page.locator("#runs thead th").allTextContents())
      .map((h) => h.replace(/[ ▾▴]+$/, ""))
      .filter((h) => order.includes(h));
    expect(runsHead).toEqual(order);
    expect(await page.locator("#f-split option").allTextContents()).toEqual(["all", "original", "mixed"]);
    await page.goto(
      `${origin}/studio/compare?a.batch=${BATCH}&a.split=original&b.batch=${BATCH}&b.split=mixed`,
    );
    const deltas = await page.locator("#deltas tbody tr td:first-child").allTextContents();
    expect(deltas).toEqual(
      metricNames("drflow")
        .map((m) => metricLabel(m).long)
        .filter((l) => deltas.includes(l)),
    );
    expect(deltas.length).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("compare: the shared seed, 10 pairs get an interval, a single pair says why it has none", async () => {
    const { page, errors } = await open(
      `${origin}/studio/compare?a.batch=${BATCH}&a.split=original&b.batch=${BATCH}&b.split=mixed`,
    );
    expect(await page.textContent("body")).toContain("seed 20260101");
    const ci = await page.locator("#deltas tbody tr").first().locator("td").nth(4).textContent();
    expect(ci).toMatch(/^\[-?\d+\.\d\d, -?\d+\.\d\d\]$/);
    const runs = await page
      .locator("#wins tbody a")
      .evaluateAll((as) =>
        as
          .map((a) => (a as HTMLAnchorElement).pathname.split("/").pop()!)
          .filter((id) => id.startsWith("daily")),
      );
    await page.goto(`${origin}/studio/compare?a.run=${runs[0]}&b.run=${runs[1]}`);
    const single = await page.locator("#deltas tbody tr").first().locator("td").nth(4).textContent();
    expect(single).toBe("none: 1 pair, an interval needs at least 2");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("create page targets", () => {
  const createOrigin = () => `http://127.0.0.1:${createServer.port}`;

  async function submitProcedural(page: Page, suite: string, seed: number, replace = false): Promise<void> {
    await page.fill("#p-suite", suite);
    await page.fill("#p-seed", String(seed));
    await page.setChecked("#p-replace", replace);
    await page.click("#create-procedural");
  }

  test("demo is refused; an existing suite is refused unless replace is ticked, which removes its tasks first", async () => {
    const { page, errors, outside } = await open(`${createOrigin()}/studio/create`);
    await submitProcedural(page, "demo", 7);
    await page.waitForSelector("#create-error:not([hidden])");
    expect(await page.textContent("#create-error")).toContain("suite demo is the shipped benchmark");
    expect((await readdir(join(createRoot, "demo"))).filter((n) => n !== CORPUS_DIR)).toEqual(["b2b_01"]);

    await Promise.all([page.waitForURL(/\/create\/jobs\//), submitProcedural(page, "proc", 13)]);
    await page.waitForFunction(() => document.body.dataset.job === "ended", null, { timeout: 120_000 });
    expect(await page.textContent("#job-status")).toBe("done");
    const taskDirs = async () =>
      (await readdir(join(createRoot, "proc")))
        .filter((n) => !n.startsWith("_") && !n.startsWith("."))
        .sort();
    const first = await taskDirs();
    expect(first.length).toBe(5);
    const before = await Bun.file(join(createRoot, "proc", first[0]!, "task.json")).text();

    await page.goto(`${createOrigin()}/studio/create`);
    await submitProcedural(page, "proc", 99);
    await page.waitForSelector("#create-error:not([hidden])");
    expect(await page.textContent("#create-error")).toContain("suite proc already has 5 task(s)");
    expect(await Bun.file(join(createRoot, "proc", first[0]!, "task.json")).text()).toBe(before);

    await Promise.all([page.waitForURL(/\/create\/jobs\//), submitProcedural(page, "proc", 99, true)]);
    await page.waitForFunction(() => document.body.dataset.job === "ended", null, { timeout: 120_000 });
    expect(await page.textContent("#job-status")).toBe("done");
    const tasks = await taskDirs();
    // One generator seed throughout: every task of the suite is seed 99's.
    const seeds = await Promise.all(
      tasks.map(
        async (t) =>
          (
            JSON.parse(await Bun.file(join(createRoot, "proc", t, "task.json")).text()) as {
              provenance?: { seed?: number };
            }
          ).provenance?.seed,
      ),
    );
    expect(new Set(seeds).size).toBe(1);
    expect(await Bun.file(join(createRoot, "proc", first[0]!, "task.json")).text()).not.toBe(before);
    // The browser logs each refused POST (400); nothing else.
    expect(errors).toEqual(
      Array(2).fill(
        "console: Failed to load resource: the server responded with a status of 400 (Bad Request)",
      ),
    );
    expect(outside).toEqual([]);
    await page.close();
  }, 300_000);
});

describe("triage", () => {
  test("search over task, agent, model and report text; outcome filters", async () => {
    const { page, errors } = await open(`${origin}/studio/runs`);
    // A word of one task's reports that no other task's report holds, and no id or name.
    const text = (task: string) =>
      store
        .listRuns({ batch: BATCH, task })
        .map((r) => JSON.stringify(store.getReport(r.id)).toLowerCase())
        .join(" ");
    const others = store
      .listRuns({ batch: BATCH })
      .filter((r) => r.task !== "demo/legal_01")
      .map((r) => JSON.stringify(store.getReport(r.id)).toLowerCase())
      .join(" ");
    const word = text("demo/legal_01")
      .split(/[^a-z]+/)
      .find((w) => w.length > 6 && !others.includes(w) && !"demo/legal_01 extractive".includes(w))!;
    expect(word).toBeDefined();
    await page.fill("#f-q", word.toUpperCase());
    await Promise.all([page.waitForURL(/q=/), page.click("#apply")]);
    const tasks = new Set(await page.locator("#runs tbody tr td:nth-child(2)").allTextContents());
    expect(tasks).toEqual(new Set(["demo/legal_01"]));
    await page.goto(`${origin}/studio/runs?q=HEALTHCARE_01`);
    expect(new Set(await page.locator("#runs tbody tr td:nth-child(2)").allTextContents())).toEqual(
      new Set(["demo/healthcare_01"]),
    );
    await page.goto(`${origin}/studio/runs?q=no-such-text-anywhere`);
    expect(await page.locator("#runs tbody tr").count()).toBe(0);
    // Outcomes: the demo's runs all finished; those with a not-applicable metric are exactly the store's.
    const na = store
      .metrics({ batch: BATCH })
      .filter((m) => m.result.not_applicable)
      .map((m) => m.run_id);
    await page.selectOption("#f-outcome", "not_applicable");
    await Promise.all([page.waitForURL(/outcome=not_applicable/), page.click("#apply")]);
    expect(await page.locator("#runs tbody tr").count()).toBe(new Set(na).size);
    await page.goto(`${origin}/studio/runs?outcome=failed`);
    expect(await page.locator("#runs tbody tr").count()).toBe(0);
    await page.goto(`${origin}/studio/runs?outcome=bogus`);
    expect(await page.locator("#runs tbody tr").count()).toBe(21);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the batch's task × configuration grid: every task a row, a score per configuration linking to its run", async () => {
    const { page, errors } = await open(`${origin}/studio/batches/${BATCH}`);
    const head = await page.locator("#task-grid thead th").allTextContents();
    expect(head).toEqual(["task", "extractive · none · original", "extractive · none · mixed"]);
    expect(await page.locator("#task-grid tbody tr").count()).toBe(10);
    const link = page.locator("#task-grid tbody tr").first().locator("td").nth(1).locator("a");
    const shown = await link.textContent();
    await Promise.all([page.waitForURL(/\/studio\/runs\/daily-demo-/), link.click()]);
    const id = page.url().split("/").pop()!;
    const f1 = store.metrics({ run: id, metric: "f1" }).at(-1)!.result.value!;
    expect(shown).toBe((f1 * 100).toFixed(2));
    expect(errors).toEqual([]);
    await page.close();
  });

  test("CSV and JSONL exports: the runs list (every match) and any table from its cells", async () => {
    const { page, errors } = await open(`${origin}/studio/runs?split=mixed`);
    const download = async (selector: string) => {
      const [d] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
      return { name: d.suggestedFilename(), text: await Bun.file((await d.path())!).text() };
    };
    const csv = await download(".export a.export-csv");
    const lines = csv.text.trim().split("\r\n");
    expect(lines.length).toBe(11);
    expect(lines[0]!.split(",").slice(0, 8)).toEqual([
      "id",
      "batch",
      "task",
      "split",
      "agent",
      "model",
      "repeat",
      "status",
    ]);
    const jsonl = (await download(".export a.export-jsonl")).text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(jsonl.length).toBe(10);
    for (const row of jsonl) {
      expect(row.split).toBe("mixed");
      const stored = store.metrics({ run: row.id, metric: "f1" }).at(-1)!.result.value!;
      expect(row.f1).toBeCloseTo(stored * 100, 9);
    }
    await page.goto(`${origin}/studio/batches/${BATCH}`);
    const grid = page.locator("#task-grid + .export");
    const [d] = await Promise.all([page.waitForEvent("download"), grid.locator("a.export-jsonl").click()]);
    expect(d.suggestedFilename()).toBe("task-grid.jsonl");
    const rows = (await Bun.file((await d.path())!).text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.length).toBe(10);
    expect(Object.keys(rows[0]!)).toEqual([
      "task",
      "extractive · none · original",
      "extractive · none · mixed",
    ]);
    expect(await page.locator(".export").count()).toBeGreaterThanOrEqual(
      await page.locator("main table").count(),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  test("live: runs written while the page is open appear without a reload (server-sent events)", async () => {
    const { page, errors } = await open(`${origin}/studio/runs?task=demo/b2b_02`);
    await page.waitForFunction(() => document.body.dataset.live === "on", null, { timeout: 10_000 });
    expect(await page.locator("#runs tbody tr").count()).toBe(2);
    const batches = await browser.context.newPage();
    await batches.goto(`${origin}/studio/batches`);
    await batches.waitForFunction(() => document.body.dataset.live === "on", null, { timeout: 10_000 });
    await recordOfflineRuns(store, {
      batch: "daily-live",
      tasks: ["demo/b2b_02"],
      specs: ["extractive:searchLimit=4"],
      indexDir: join(dir, "env"),
    });
    await page.waitForFunction(() => document.querySelectorAll("#runs tbody tr").length === 3, null, {
      timeout: 20_000,
    });
    expect(await page.locator("#runs tbody tr", { hasText: "daily-live" }).count()).toBe(1);
    await batches.locator("#batches tbody tr", { hasText: "daily-live" }).waitFor({ timeout: 20_000 });
    expect(page.url()).toContain("task=demo");
    expect(errors).toEqual([]);
    await batches.close();
    await page.close();
  }, 120_000);
});

describe("transcripts", () => {
  test("turns by role: system, user, assistant, tool call and result; a long prompt folds, a repeated one is named", async () => {
    const { page, errors } = await open(`${origin}/studio/runs/llm-transcript`);
    const roles = await page
      .locator("#timeline .turn .who")
      .evaluateAll((ws) =>
        ws.map((w) => (w.parentElement as HTMLElement).className.replace(/^turn turn-| repeat$/g, "")),
      );
    expect(roles).toEqual([
      "system",
      "user",
      "assistant",
      "tool-call",
      "tool-result",
      "system",
      "user",
      "assistant",
    ]);
    const first = page.locator("#timeline .turn-system").first();
    expect(await first.locator("details.long").count()).toBe(1);
    expect(await first.locator("details.long > pre").isVisible()).toBe(false);
    await first.locator("summary").click();
    expect(await first.locator("details.long > pre").textContent()).toBe(SYSTEM);
    expect(await page.locator("#timeline .turn-system.repeat").textContent()).toContain(
      "same as in model call 1",
    );
    expect(await page.locator("#timeline .turn-assistant pre").last().textContent()).toContain(
      "Step 1: receive the hand-off.",
    );
    // Offsets from the first real event; the environment note has no time.
    expect(await page.locator("#timeline .t").allTextContents()).toEqual([
      "·",
      "+0.00 s",
      "+1.50 s",
      "+3.00 s",
    ]);
    // Sections fold and open.
    await page.click("#fold-all");
    expect(await page.locator("details.fold[open]").count()).toBe(0);
    await page.click("a[href='#report']");
    expect(await page.locator("details.fold#report").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("campaign run selection", () => {
  test("select-all ticks every offered run, and clears them", async () => {
    const { page, errors } = await open(`${origin}/studio/campaigns/new`);
    const boxes = page.locator('input[name="run"]');
    const n = await boxes.count();
    expect(n).toBeGreaterThan(10);
    await page.check("#select-all");
    expect(await page.locator('input[name="run"]:checked').count()).toBe(n);
    await page.uncheck("#select-all");
    expect(await page.locator('input[name="run"]:checked').count()).toBe(0);
    // Within each task, original before mixed, as everywhere else in the studio.
    const rows = await page
      .locator("#campaign-form tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
      );
    for (const [i, r] of rows.entries()) {
      const prev = rows[i - 1];
      if (prev && prev[1] === r[1]) expect(prev[2] === "mixed" && r[2] === "original").toBe(false);
    }
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(["original", "mixed"]));
    expect(errors).toEqual([]);
    await page.close();
  });
});
