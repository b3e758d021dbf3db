/**
 * The studio in Debian chromium, on data the offline demo eval just produced: runs page → filter to one task → a run →
 * expand a tool call in the trace → follow a citation to its document → the judgment's alignment table → compare two
 * agent specs → a notebook with edited parameters, then live on a file edit. No page error, no request beyond
 * 127.0.0.1; a screenshot of each page in test-artifacts/studio/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { listTasks } from "../../src/store/task-store.ts";
import { recordOfflineRuns, TASKS } from "../support/offline-runs.ts";
import { CHROMIUM, launchChromium } from "./chromium.ts";

const ARTIFACTS = resolve(import.meta.dir, "../../test-artifacts/studio");
const DEMO_BATCH = "studio-demo";
const SECOND_SPEC = "extractive:searchLimit=4";

let dir: string;
let store: RunStore;
let server: ReturnType<typeof Bun.serve>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let origin: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  dir = await mkdtemp(join(tmpdir(), "drflow-studio-"));
  await mkdir(ARTIFACTS, { recursive: true });
  store = new RunStore(join(dir, "runs.sqlite"));
  // The offline demo eval (extractive × lexical, both splits), then a second agent spec to compare on the original split.
  const demo = await runDemo({ root: TASKS, store, batch: DEMO_BATCH, indexDir: join(dir, "env") });
  expect(demo.results.every((r) => r.status === "done")).toBe(true);
  const tasks = (await listTasks(TASKS, "demo")).map((t) => t.ref);
  await recordOfflineRuns(store, {
    batch: "studio-second",
    tasks,
    specs: [SECOND_SPEC],
    indexDir: join(dir, "env"),
  });
  await Bun.write(
    join(dir, "notebooks", "hello.ts"),
    'export const title = "Hello";\nexport default function (nb) {\n  nb.md("## hi " + (nb.settings.params.who ?? "nobody"));\n}\n',
  );
  const app = createApp({
    deps: defaultDeps({
      store,
      tasksRoot: TASKS,
      notebooksDir: join(dir, "notebooks"),
      notebooksOut: join(dir, "pages"),
    }),
    studio: { cachePath: join(dir, "cache.sqlite") },
  });
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
  origin = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

describe("studio in chromium", () => {
  test("runs → filter → run → trace → citation → judgment → compare", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`console: ${m.text()}`);
    });

    // Runs page: the demo's 20 runs and the second spec's 10.
    await page.goto(`${origin}/studio/runs`);
    expect(await page.locator("#runs tbody tr").count()).toBe(30);
    await shot(page, "1-runs");

    // Filter to one task: the URL says so, and every row is that task.
    await page.selectOption("#f-task", "demo/b2b_01");
    await Promise.all([page.waitForURL(/task=demo%2Fb2b_01/), page.click("#apply")]);
    const tasks = await page.locator("#runs tbody tr td:nth-child(2)").allTextContents();
    expect(tasks.length).toBe(3);
    expect(new Set(tasks)).toEqual(new Set(["demo/b2b_01"]));
    await shot(page, "2-runs-filtered");

    // Open a run of the demo batch; its flowcharts (folded: the page's tallest section) render when opened.
    const demoRun = page.locator("#runs tbody tr", { hasText: DEMO_BATCH }).first().locator("a.run-link");
    await Promise.all([page.waitForURL(/\/studio\/runs\/studio-demo-/), demoRun.click()]);
    await page.waitForFunction(() => document.body.dataset.mermaid !== undefined, null, { timeout: 60_000 });
    expect(await page.evaluate(() => document.body.dataset.mermaid)).toBe("done");
    expect(await page.locator("#flowcharts").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.locator("pre.mermaid > svg").count()).toBe(0);
    const folded = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.click('a[href="#flowcharts"]');
    await page.waitForFunction(() => document.querySelectorAll("pre.mermaid > svg").length === 4, null, {
      timeout: 60_000,
    });
    // Drawn at their size, not as the zero-width boxes of a chart laid out while hidden.
    const widths = await page
      .locator("pre.mermaid > svg")
      .evaluateAll((ss) => ss.map((s) => s.getBoundingClientRect().width));
    expect(widths.every((w) => w > 100)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(folded + 2000);
    await shot(page, "3-run");

    // A tool call in the transcript: its arguments, then its result's documents.
    const tool = page.locator("li.tool-call").nth(1);
    expect(await tool.locator(".turn-tool-call pre").first().textContent()).toContain("query");
    expect(await tool.locator(".turn-tool-result a").count()).toBeGreaterThan(0);
    await tool.scrollIntoViewIfNeeded();
    await shot(page, "4-trace-tool-call");

    // Follow a citation to the cited document's text.
    const runUrl = page.url();
    const cite = page.locator("#timeline ~ ol a.cite, ol a.cite").first();
    const citedTitle = await cite.getAttribute("title");
    await Promise.all([page.waitForURL(/\/docs\//), cite.click()]);
    expect(await page.locator("h1").textContent()).toBe(citedTitle);
    const text = (await page.locator("pre.doc-text, .msg").first().textContent()) ?? "";
    expect(text.length).toBeGreaterThan(50);
    expect(await page.locator("#file-link").count()).toBe(1);
    await shot(page, "5-document");

    // The judgment page with its alignment table.
    await page.goto(runUrl);
    await Promise.all([page.waitForURL(/\/judgment/), page.click("#judgment-link")]);
    const pairs = page.locator("#alignment-recall tbody tr");
    expect(await pairs.count()).toBeGreaterThan(3);
    expect(await pairs.first().locator("td").nth(2).textContent()).toMatch(/^0\.\d{3}$/);
    await shot(page, "6-judgment");

    // Compare two agent specs on the original split.
    await page.goto(`${origin}/studio/compare`);
    await page.selectOption("#a-agent", "extractive");
    await page.selectOption("#a-split", "original");
    await page.selectOption("#b-agent", SECOND_SPEC);
    await page.selectOption("#b-split", "original");
    await Promise.all([page.waitForURL(/a\.agent=extractive/), page.click("#compare")]);
    expect(await page.locator("#deltas tbody tr").count()).toBe(7);
    expect(await page.locator("#wins tbody tr").count()).toBe(10);
    await shot(page, "7-compare");
    await Promise.all([page.waitForURL(/task=/), page.locator("#wins tbody tr a").first().click()]);
    expect(await page.locator("#side-by-side tbody tr").count()).toBeGreaterThan(3);
    await page.locator("#task-detail").scrollIntoViewIfNeeded();
    await shot(page, "8-compare-task");

    // A notebook in the app: parameters edited on the page, then live — an edit to its file refreshes the frame.
    await page.goto(`${origin}/studio/notebooks/hello`);
    await page.fill("input[name=extra]", "who=studio");
    await page.click("#nb-run");
    const frame = page.frameLocator("#nb-frame");
    await frame.locator("h2", { hasText: "hi studio" }).waitFor({ timeout: 60_000 });
    expect(page.url()).toContain("who=studio");
    await shot(page, "9-notebook");
    await page.check("#nb-live");
    await page.locator("#nb-status", { hasText: "live" }).waitFor({ timeout: 10_000 });
    const file = join(dir, "notebooks", "hello.ts");
    await Bun.write(file, (await Bun.file(file).text()).replace("## hi ", "## hello again "));
    await frame.locator("h2", { hasText: "hello again studio" }).waitFor({ timeout: 60_000 });
    await shot(page, "10-notebook-live");

    await page.close();
    expect(errors).toEqual([]);
    const outside = requests.filter((u) => new URL(u).hostname !== "127.0.0.1");
    expect(outside).toEqual([]);
    expect(requests.length).toBeGreaterThan(8);
  }, 300_000);
});
