/**
 * `drflow studio bundle` on the offline demo batch: the folder opens in chromium from file://, every relative link of
 * every page names a file of the bundle, a crawl in chromium from index.html opens every page it links to (a broken
 * link fails it), and a reader can go batch → run → judgment and run → cited document with no page error and no
 * request leaving the folder.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { studio } from "../../src/cli/commands/studio.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { TASKS } from "../support/offline-runs.ts";
import { CHROMIUM, launchChromium, watchPage } from "./chromium.ts";

setDefaultTimeout(120_000);

const BATCH = "bundle-demo";
const SHOTS = process.env.H28_SHOTS ?? resolve(import.meta.dir, "../../test-artifacts/studio-bundle");

let dir: string;
let out: string;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  dir = await mkdtemp(join(tmpdir(), "drflow-bundle-"));
  const storePath = join(dir, "runs.sqlite");
  const store = new RunStore(storePath);
  await runDemo({ root: TASKS, store, batch: BATCH, indexDir: join(dir, "env") });
  store.close();
  out = join(dir, "bundle");
  const code = await studio.run([
    "bundle",
    "--batch",
    BATCH,
    "--out",
    out,
    "--root",
    TASKS,
    "--store",
    storePath,
  ]);
  expect(code).toBe(0);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

async function files(root: string): Promise<string[]> {
  const all: string[] = [];
  for (const e of await readdir(root, { withFileTypes: true, recursive: true }))
    if (e.isFile()) all.push(join(e.parentPath, e.name));
  return all;
}

describe("studio bundle", () => {
  test("every link of every bundled page names a file of the bundle; none points at a server", async () => {
    const pages = (await files(out)).filter((f) => f.endsWith(".html"));
    // The batch page, its runs list, 20 runs and 20 judgments at least, and the documents they cite.
    expect(pages.length).toBeGreaterThan(60);
    const broken: string[] = [];
    for (const page of pages) {
      const html = await readFile(page, "utf8");
      expect(html).not.toContain('href="/studio');
      expect(html).not.toContain('src="/studio');
      expect(html).not.toContain("<form");
      for (const m of html.matchAll(/(?:href|src)="([^"#:]+)(#[^"]*)?"/g)) {
        const target = resolve(dirname(page), decodeURIComponent(m[1]!.replace(/&amp;/g, "&")));
        if (!existsSync(target)) broken.push(`${page.slice(out.length)} → ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("a crawl in chromium from file://index.html reaches every page through links that all open, none leaving the folder", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const { errors, outside } = watchPage(page, (u) => /^(file|data|blob):/.test(u));
    const root = pathToFileURL(out).href;
    const start = pathToFileURL(join(out, "index.html")).href;
    const seen = new Set<string>([start]);
    const queue = [start];
    const broken: string[] = [];
    const leaving: string[] = [];
    while (queue.length) {
      const url = queue.shift()!;
      // A missing file is a navigation error in chromium (net::ERR_FILE_NOT_FOUND).
      const failed = await page.goto(url).then(
        () => null,
        (e: Error) => e.message.split("\n")[0]!,
      );
      if (failed !== null) {
        broken.push(`${url.slice(root.length)}: ${failed}`);
        continue;
      }
      // index.html sends the reader on to the batch page.
      if (url === start) await page.waitForURL((u) => u.href !== start);
      const hrefs = await page
        .locator("a[href]")
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      for (const href of hrefs) {
        const target = new URL(href);
        target.hash = "";
        if (target.href === page.url().replace(/#.*$/, "")) continue; // a link within the page (fold, export)
        if (!target.href.startsWith(`${root}/`)) {
          leaving.push(`${page.url().slice(root.length)} → ${href}`);
          continue;
        }
        if (seen.has(target.href)) continue;
        seen.add(target.href);
        if (target.pathname.endsWith(".html")) queue.push(target.href);
        else if (!existsSync(decodeURIComponent(target.pathname)))
          broken.push(`${target.href.slice(root.length)}: missing`);
      }
    }
    const pages = [...seen].filter((u) => u.endsWith(".html"));
    console.log(`bundle crawl from file://: ${seen.size} links, ${pages.length} pages`);
    expect(broken).toEqual([]);
    expect(leaving).toEqual([]);
    // Batch, runs list, compare, and every run with its judgment: 20 + 20 pages at least, plus their documents.
    expect(pages.length).toBeGreaterThan(60);
    expect(pages.filter((u) => /\/runs\/[^/]+\.html$/.test(u)).length).toBe(20);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  }, 600_000);

  test("opens from file://: batch → run → judgment, run → cited document; mermaid renders; nothing leaves the folder", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const { errors, outside } = watchPage(page, (u) => /^(file|data|blob):/.test(u));
    await page.goto(pathToFileURL(join(out, "index.html")).href);
    await page.waitForURL(/batches\/bundle-demo\.html$/);
    expect(await page.locator("#task-grid tbody tr").count()).toBe(10);
    await page.screenshot({ path: join(SHOTS, "bundle-batch-1440.png") });
    const cell = page.locator("#task-grid tbody tr").first().locator("td").nth(1).locator("a");
    const score = await cell.textContent();
    await Promise.all([page.waitForURL(/runs\/bundle-demo-[0-9a-f]+\.html$/), cell.click()]);
    await page.waitForFunction(() => document.body.dataset.mermaid !== undefined, null, { timeout: 60_000 });
    expect(await page.evaluate(() => document.body.dataset.mermaid)).toBe("done");
    expect(await page.locator("#metrics td", { hasText: score! }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, "bundle-run-1440.png") });
    const runUrl = page.url();
    await Promise.all([page.waitForURL(/judgment\.html/), page.click("#judgment-link")]);
    expect(await page.locator("#alignment-recall tbody tr").count()).toBeGreaterThan(3);
    await page.goto(runUrl);
    const cite = page.locator("ol a.cite").first();
    const title = await cite.getAttribute("title");
    await Promise.all([page.waitForURL(/docs\//), cite.click()]);
    expect(await page.locator("h1").textContent()).toBe(title);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, "bundle-document-390.png") });
    // The runs list of the batch, and a table export, work offline too: its export links read the cells, not a server.
    await page.goto(pathToFileURL(join(out, "index.html")).href);
    await page.waitForURL(/batches\//);
    await Promise.all([page.waitForURL(/runs--[0-9a-f]+\.html$/), page.click("#batch-count a")]);
    expect(await page.locator("#runs tbody tr").count()).toBe(20);
    const exports = await page
      .locator(".export a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.filter((h) => h !== "#")).toEqual([]);
    const download = page.waitForEvent("download");
    await page.locator(".export a.export-csv").first().click();
    expect((await download).suggestedFilename()).toBe("runs.csv");
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });
});
