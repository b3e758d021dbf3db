/** Every notebook, freshly run offline on the demo suite, renders in Debian chromium: its page loads offline, the Plot chart is an SVG, and mermaid turns each `<pre class="mermaid">` into an SVG. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { listNotebooks, runNotebook } from "../../src/notebook/registry.ts";
import { CHROMIUM, launchChromium } from "./chromium.ts";

const notebooks = await listNotebooks();
let browser: Awaited<ReturnType<typeof launchChromium>>;
/** A private run store, so the pages show what the current code computes from the demo suite, nothing left over. */
let stateDir: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  stateDir = await mkdtemp(join(tmpdir(), "drflow-nb-state-"));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await rm(stateDir, { recursive: true, force: true });
});

describe("notebooks in chromium", () => {
  test("the five analyst notebooks exist", () => {
    expect(notebooks.map((n) => n.name)).toEqual([
      "ablations",
      "compare",
      "contamination",
      "domains",
      "pareto",
    ]);
  });

  for (const nb of notebooks) {
    test(`${nb.name}: chart and mermaid diagram render, no request leaves the page`, async () => {
      const { output } = await runNotebook(nb.name, {
        settings: { stateDir, model: null },
        outDir: join(stateDir, "out"),
      });
      const page = await browser.context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(pathToFileURL(output).href);
      await page.waitForFunction(() => document.body.dataset.mermaid !== undefined, null, {
        timeout: 60_000,
      });
      const state = await page.evaluate(() => ({
        mermaid: document.body.dataset.mermaid,
        plots: document.querySelectorAll(".plot svg").length,
        plotMarks: document.querySelectorAll(".plot svg g[aria-label] *").length,
        diagrams: document.querySelectorAll("pre.mermaid").length,
        rendered: document.querySelectorAll("pre.mermaid > svg").length,
        nodes: document.querySelectorAll("pre.mermaid > svg g.node").length,
        tables: document.querySelectorAll("table").length,
      }));
      await page.close();
      expect(errors).toEqual([]);
      expect(state.mermaid).toBe("done");
      expect(state.plots).toBeGreaterThan(0);
      expect(state.plotMarks).toBeGreaterThan(0);
      expect(state.diagrams).toBeGreaterThan(0);
      expect(state.rendered).toBe(state.diagrams);
      expect(state.nodes).toBeGreaterThan(1);
      expect(state.tables).toBeGreaterThan(0);
      expect(requests.filter((u) => !u.startsWith("file://"))).toEqual([]);
    }, 300_000);
  }
});
