/**
 * Every studio page, crawled from `/studio/` on the offline demo eval's runs (both splits, a second agent spec, a
 * campaign with an annotator): every link answers below 400; one page of each kind is opened in chromium at
 * 1,440 × 900 and at 390 × 844 with a screenshot of each, of the screen and of the whole page (H28_SHOTS, default
 * test-artifacts/studio-crawl/; the batch and the compare of its two splits in their fullest form), no page
 * error or console error, no request beyond 127.0.0.1, no horizontal overflow of the page, no figure broken across
 * lines, every nav link on screen,
 * and the runs list within 1,440 px with run ids on one line.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { runDemo } from "../../src/eval/demo.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { listTasks } from "../../src/store/task-store.ts";
import { recordOfflineRuns, TASKS } from "../support/offline-runs.ts";
import { CHROMIUM, launchChromium, watchPage } from "./chromium.ts";

// Under a shared machine's load a page can take seconds; the suite's own budget is per test below.
setDefaultTimeout(120_000);

const SHOTS = process.env.H28_SHOTS ?? resolve(import.meta.dir, "../../test-artifacts/studio-crawl");
const BATCH = "crawl-demo";
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

let dir: string;
let store: RunStore;
let server: ReturnType<typeof Bun.serve>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let origin: string;
let annotatorLink: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  dir = await mkdtemp(join(tmpdir(), "drflow-crawl-"));
  await mkdir(SHOTS, { recursive: true });
  store = new RunStore(join(dir, "runs.sqlite"));
  await runDemo({ root: TASKS, store, batch: BATCH, indexDir: join(dir, "env") });
  const tasks = (await listTasks(TASKS, "demo")).map((t) => t.ref);
  await recordOfflineRuns(store, {
    batch: "crawl-second",
    tasks,
    specs: ["extractive:searchLimit=4"],
    indexDir: join(dir, "env"),
  });
  await Bun.write(
    join(dir, "notebooks", "hello.ts"),
    'export const title = "Hello";\nexport default function (nb) {\n  nb.md("## hi");\n  nb.table([{ a: 1, b: 2 }]);\n}\n',
  );
  const app = createApp({
    deps: defaultDeps({ store, tasksRoot: TASKS, notebooksDir: join(dir, "notebooks") }),
    studio: { cachePath: join(dir, "cache.sqlite") },
  });
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
  origin = `http://127.0.0.1:${server.port}`;
  const runs = store.listRuns({ batch: BATCH }).slice(0, 2);
  const res = await fetch(`${origin}/studio/campaigns`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "crawl", runs: runs.map((r) => r.id), annotators: ["Ann"] }),
  });
  expect(res.status).toBe(201);
  annotatorLink = ((await res.json()) as { links: { url: string }[] }).links[0]!.url;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A page's kind: its path with ids, task refs and documents folded, so one of each is opened in the browser. */
function kind(url: URL): string {
  return url.pathname
    .replace(/^\/studio\/?/, "")
    .replace(/runs\/[^/]+/, "runs/:id")
    .replace(/batches\/[^/]+/, "batches/:id")
    .replace(/tasks\/[^/]+\/[^/]+\/(docs|files)\/[^/]+/, "tasks/:task/$1/:doc")
    .replace(/review\/[^/]+\/[^/]+/, "review/:task")
    .replace(/campaigns\/(?!new)[^/]+/, "campaigns/:id")
    .replace(/annotate\/[^/]+\/[^/]+(\/\d+)?/, "annotate/:link")
    .replace(/notebooks\/[^/]+/, "notebooks/:name")
    .concat(url.pathname === "/studio/compare" && url.search ? "?sides" : "");
}

/** Links the crawl follows: studio pages; downloads and streams are fetched once for their status only. */
const skipVisit = (u: URL) => /\/(files|export|events|assets)\/|\/export$|\.jsonl$/.test(u.pathname);

describe("studio crawl", () => {
  test("every link answers; every kind of page fits both screens with no error", async () => {
    const seen = new Map<string, number>();
    const queue = [`${origin}/studio/`, `${origin}${annotatorLink}`];
    const pages = new Map<string, string>();
    // An annotator's pages take their secret from a cookie the link sets: keep it like a browser would.
    const cookies = new Map<string, string>();
    const get = async (href: string): Promise<Response> => {
      let url = href;
      for (let hops = 0; hops < 5; hops++) {
        const res = await fetch(url, {
          redirect: "manual",
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(";");
          const [k, v] = pair!.split("=");
          cookies.set(k!, v!);
        }
        if (res.status < 300 || res.status >= 400) return res;
        url = new URL(res.headers.get("location")!, url).href;
      }
      throw new Error(`${href}: too many redirects`);
    };
    // Fetch every studio link for its status; remember one URL of each kind of HTML page.
    while (queue.length && seen.size < 4000) {
      const href = queue.shift()!;
      const u = new URL(href);
      u.hash = "";
      if (seen.has(u.href)) continue;
      const res = await get(u.href);
      seen.set(u.href, res.status);
      if (!(res.headers.get("content-type") ?? "").startsWith("text/html") || skipVisit(u)) {
        await res.body?.cancel();
        continue;
      }
      const text = await res.text();
      if (!pages.has(kind(u))) pages.set(kind(u), u.href);
      for (const m of text.matchAll(/href="([^"#]+)/g)) {
        const next = new URL(m[1]!.replace(/&amp;/g, "&"), u);
        if (next.origin !== origin || !next.pathname.startsWith("/studio")) continue;
        if (next.pathname.startsWith("/studio/annotate/") && !next.search.includes("k=")) continue;
        if (!seen.has(next.href)) queue.push(next.href);
      }
    }
    const bad = [...seen].filter(([, status]) => status >= 400);
    expect(bad).toEqual([]);
    expect(seen.size).toBeGreaterThan(100);
    console.log(`crawl: ${seen.size} links, ${pages.size} kinds of page: ${[...pages.keys()].join(", ")}`);
    for (const wanted of [
      "runs",
      "runs/:id",
      "runs/:id/judgment",
      "batches",
      "batches/:id",
      "compare",
      "compare?sides",
    ])
      expect(pages.has(wanted)).toBe(true);

    // The pages a reader looks at most, in their fullest form: the batch with both splits, and a compare of them.
    pages.set("batches/:id", `${origin}/studio/batches/${BATCH}`);
    pages.set(
      "compare?sides",
      `${origin}/studio/compare?a.batch=${BATCH}&a.split=original&b.batch=${BATCH}&b.split=mixed`,
    );
    const problems: string[] = [];
    const heights: string[] = [];
    for (const [name, href] of pages) {
      for (const size of SIZES) {
        const page = await browser.context.newPage();
        await page.setViewportSize(size);
        const { errors: pageErrors, outside } = watchPage(page);
        await page.goto(href);
        if (await page.locator("pre.mermaid").count())
          await page.waitForFunction(() => document.body.dataset.mermaid !== undefined, null, {
            timeout: 60_000,
          });
        const file = `${name.replace(/[^a-z0-9]+/gi, "_") || "root"}-${size.width}.png`;
        await page.screenshot({ path: join(SHOTS, file) });
        await page.screenshot({ path: join(SHOTS, file.replace(/\.png$/, "-full.png")), fullPage: true });
        heights.push(
          `${name}@${size.width}: ${await page.evaluate(() => document.documentElement.scrollHeight)} px`,
        );
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${name} at ${size.width}: ${overflow} px wider than the screen`);
        const offscreen = await page
          .locator("nav a")
          .evaluateAll(
            (as, w) => as.filter((a) => a.getBoundingClientRect().right > w).map((a) => a.textContent),
            size.width,
          );
        if (offscreen.length)
          problems.push(`${name} at ${size.width}: nav links off screen: ${offscreen.join(", ")}`);
        // A figure never breaks across lines (an interval split after its comma reads as two numbers).
        const broken = await page.locator("td.num").evaluateAll((tds) =>
          tds
            .filter((td) => {
              const range = document.createRange();
              range.selectNodeContents(td);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              return lines.size > 1 && !td.querySelector("br, div, p");
            })
            .map((td) => td.textContent),
        );
        if (broken.length)
          problems.push(`${name} at ${size.width}: numbers on two lines: ${broken.slice(0, 3).join(" | ")}`);
        for (const e of pageErrors) problems.push(`${name} at ${size.width}: ${e}`);
        for (const u of outside) problems.push(`${name} at ${size.width}: outside request ${u}`);
        await page.close();
      }
    }
    console.log(`page heights: ${heights.join(", ")}`);
    expect(problems).toEqual([]);
  }, 600_000);

  test("the runs list fits 1,440 px and a run id stays on one line", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${origin}/studio/runs`);
    const width = await page.locator("#runs").evaluate((t) => t.scrollWidth);
    expect(width).toBeLessThanOrEqual(1440 - 2 * 19);
    const heights = await page
      .locator("a.run-link")
      .evaluateAll((as) => as.map((a) => a.getClientRects().length));
    expect(heights.every((h) => h === 1)).toBe(true);
    await page.close();
  }, 60_000);
});
