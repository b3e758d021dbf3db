/**
 * The studio's daily-use fixes (issue 28) in Debian chromium, on the offline demo eval's runs: `/studio/` answers,
 * trace offsets count from the first real event, `original` before `mixed`, one metric order, one interval rule, the
 * create page's refusals. No page error, no request beyond 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { metricLabel, metricNames } from "../../src/judge/index.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { TASKS } from "../support/offline-runs.ts";
import { CHROMIUM, launchChromium } from "./chromium.ts";

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
  await cp(join(TASKS, "demo", "b2b_01"), join(createRoot, "demo", "b2b_01"), { recursive: true });
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

async function open(url: string): Promise<{ page: Page; errors: string[]; outside: string[] }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors: string[] = [];
  const outside: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("request", (r) => {
    if (!r.url().startsWith("data:") && new URL(r.url()).hostname !== "127.0.0.1") outside.push(r.url());
  });
  await page.goto(url);
  return { page, errors, outside };
}

describe("quick fixes", () => {
  test("/studio/ (the address the server prints) opens the runs page", async () => {
    const { page, errors } = await open(`${origin}/studio/`);
    expect(new URL(page.url()).pathname).toBe("/studio/runs");
    expect(await page.locator("#runs tbody tr").count()).toBe(20);
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
    expect(await readdir(join(createRoot, "demo"))).toEqual(["b2b_01"]);

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
