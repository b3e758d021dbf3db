/**
 * The runs list pages by cursor (issue 28) in Debian chromium, on the offline demo eval's runs: "next" and "previous"
 * walk the whole list in its order under a metric sort, a page reached by "next" stays the same while runs are added,
 * and a cursor of another sort is a clear 400. No page error, no request beyond 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { TASKS } from "../support/offline-runs.ts";
import { CHROMIUM, launchChromium, watchPage } from "./chromium.ts";

setDefaultTimeout(120_000);

let dir: string;
let store: RunStore;
let server: ReturnType<typeof Bun.serve>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let origin: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  dir = await mkdtemp(join(tmpdir(), "drflow-pages-"));
  store = new RunStore(join(dir, "runs.sqlite"));
  await runDemo({ root: TASKS, store, batch: "pages-demo", indexDir: join(dir, "env") });
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: createApp({ deps: defaultDeps({ store, tasksRoot: TASKS, notebooksDir: join(dir, "nb") }) }).fetch,
  });
  origin = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

const ids = (page: Page) =>
  page.locator("#runs tbody a.run-link").evaluateAll((as) => as.map((a) => a.dataset.v!));

describe("runs list cursors", () => {
  test("next and previous walk the list sorted by F1 in its order, six at a time", async () => {
    const page = await browser.context.newPage();
    const { errors, outside } = watchPage(page);
    await page.goto(`${origin}/studio/runs?sort=f1`);
    const all = await ids(page);
    expect(all.length).toBe(20);
    expect(await page.locator("#page-next").count()).toBe(0);
    await page.goto(`${origin}/studio/runs?sort=f1&limit=6`);
    expect(await page.locator("#page-prev").count()).toBe(0);
    const pages = [await ids(page)];
    while ((await page.locator("#page-next").count()) > 0) {
      await Promise.all([page.waitForURL(/after=/), page.click("#page-next")]);
      pages.push(await ids(page));
    }
    expect(pages.map((p) => p.length)).toEqual([6, 6, 6, 2]);
    expect(pages.flat()).toEqual(all);
    for (let i = pages.length - 2; i >= 0; i--) {
      await Promise.all([page.waitForURL(/before=|limit=6$/), page.click("#page-prev")]);
      expect(await ids(page)).toEqual(pages[i]!);
    }
    expect(await page.locator("#page-prev").count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("limit")).toBe("6");
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });

  test("a page reached by next stays the same while newer runs are added; first shows them", async () => {
    const page = await browser.context.newPage();
    const { errors } = watchPage(page);
    await page.goto(`${origin}/studio/runs?limit=5`);
    await Promise.all([page.waitForURL(/after=/), page.click("#page-next")]);
    const second = await ids(page);
    const url = page.url();
    const template = store.listRuns({ batch: "pages-demo" })[0]!;
    for (let i = 0; i < 3; i++)
      store.saveRun({
        ...template,
        id: `pages-new-${i}`,
        identity: null,
        started_at: new Date(Date.now() + 60_000 + i * 1000).toISOString(),
      });
    await page.goto(url);
    expect(await ids(page)).toEqual(second);
    expect(await page.locator("#run-count").textContent()).toContain("23 run(s)");
    await Promise.all([page.waitForURL(/limit=5$/), page.click("#page-first")]);
    expect((await ids(page)).slice(0, 3)).toEqual(["pages-new-2", "pages-new-1", "pages-new-0"]);
    // A cursor of another sort is refused, naming the parameter.
    const sortedByTask = url.replace(/sort=started/, "sort=task");
    const res = await page.goto(sortedByTask);
    expect(res!.status()).toBe(400);
    expect(await page.locator("main").textContent()).toContain(
      "after: a cursor of the list sorted by started desc",
    );
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
    await page.close();
  });
});
