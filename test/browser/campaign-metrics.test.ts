/**
 * A campaign labels every metric, in Debian chromium, on runs the offline loop just recorded (two demo tasks × two agent
 * specs, lexical judge): two annotators match every workflow's steps and score each decided step by keyboard alone —
 * condition resolution (c + 1/5/0) on matched conditional pairs, comprehensiveness (p + four fifths) on matched pairs,
 * factuality (f + 1/0) on every step — and a key the page refuses says why on screen. The labels the pages saved are
 * then written out as a labelled set in the judge-validation layout (tasks, reports, packets.json, labels/) and run
 * through `scripts/bench/judge-humans.ts`: every figure the dashboard shows per metric and judge (n, Pearson r, MAD,
 * preferred report, the annotators' κ, each workflow's human average) is the bench's. Screenshots of every campaign
 * page at 1440 × 900 and 390 × 844 in test-artifacts/campaign-metrics/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { type HumanAgreement, LABELLED_METRICS } from "../../src/analysis/human-agreement.ts";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { recordOfflineRuns, TASKS } from "../support/offline-runs.ts";
import { CHROMIUM, launchChromium } from "./chromium.ts";

const REPO = resolve(import.meta.dir, "../..");
const ARTIFACTS = join(REPO, "test-artifacts/campaign-metrics");
const BATCH = "campaign-metrics";
const TASK_REFS = ["demo/b2b_01", "demo/healthcare_01"];
const SPECS = ["extractive", "extractive:searchLimit=4"];
const ANNOTATORS = ["Ann", "Bo"];
const DIMENSIONS = ["specificity", "personalization", "completeness", "actionability"] as const;

let dir: string;
let store: RunStore;
let server: ReturnType<typeof Bun.serve>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let origin: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  dir = await mkdtemp(join(tmpdir(), "drflow-campaign-metrics-"));
  mkdirSync(ARTIFACTS, { recursive: true });
  store = new RunStore(join(dir, "runs.sqlite"));
  await recordOfflineRuns(store, {
    batch: BATCH,
    tasks: TASK_REFS,
    specs: SPECS,
    indexDir: join(dir, "env"),
  });
  const app = createApp({ deps: defaultDeps({ store, tasksRoot: TASKS, notebooksDir: join(dir, "nb") }) });
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

type State = { item: string; steps: number; gold: number[]; conditional: number[]; next: string | null };
/** What the annotators labelled, per workflow item, in the judge-validation set's annotator-file shape. */
type Labels = {
  match: Record<number, number | null>;
  cr: Record<number, number>;
  pc: Record<number, Record<(typeof DIMENSIONS)[number], number>>;
  supported: Record<number, 0 | 1>;
};
const labelled: Record<string, Record<string, Labels>> = {};

async function watch(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${w}x${h}.png`) });
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${w}x${h}-full.png`), fullPage: true });
    // Nothing on a campaign page's own content is wider than the screen (the studio's top bar is h28's).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main > *")]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
        .map((e) => `${e.tagName}${e.id ? `#${e.id}` : ""}`),
    );
    expect(`${name} ${w}: ${wide.join(",")}`).toBe(`${name} ${w}: `);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const status = (page: Page, text: string) =>
  page.waitForFunction((t) => document.getElementById("status")?.textContent === t, text);

describe("a campaign labels every metric by keyboard, and its dashboard is the bench's", () => {
  const links: Record<string, string> = {};
  let dashboard = "";

  test("create a campaign over the four runs (select all) with two annotator links, shown as links to open or copy", async () => {
    const page = await browser.context.newPage();
    const errors = await watch(page);
    await page.goto(`${origin}/studio/campaigns/new?batch=${BATCH}`);
    await page.check("#select-all");
    expect(await page.locator("input[name=run]:checked").count()).toBe(4);
    await page.fill("input[name=name]", "every metric");
    await page.fill("textarea[name=annotators]", ANNOTATORS.join("\n"));
    await page.click("button[type=submit]");
    await page.waitForSelector("#links li a.annotator-link");
    for (const li of await page.locator("#links li").all())
      links[(await li.getAttribute("data-annotator"))!] = (await li
        .locator("a.annotator-link")
        .getAttribute("href"))!;
    expect(Object.keys(links)).toEqual(ANNOTATORS);
    expect(await page.locator("#links li button.copy").count()).toBe(2);
    await shots(page, "1-new-campaign");
    dashboard = `${origin}${await page.getAttribute("#dashboard-link", "href")}`;
    await page.goto(`${origin}/studio/campaigns`);
    await shots(page, "0-campaigns");
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [k, name] of ANNOTATORS.entries())
    test(`${name} matches and scores every workflow by keyboard alone`, async () => {
      const page = await browser.context.newPage();
      // Ann on a phone-sized screen, Bo on a laptop's: the status line is on screen either way.
      const screen = k === 0 ? { width: 390, height: 844 } : { width: 1440, height: 900 };
      await page.setViewportSize(screen);
      const errors = await watch(page);
      await page.goto(links[name]!);
      if (k === 0) {
        await shots(page, "2-annotator-home");
        await page.setViewportSize(screen);
      }
      await page.click("text=Continue with workflow 1");
      for (let n = 1; ; n++) {
        await page.waitForSelector("body[data-ready=yes]");
        const s: State = JSON.parse((await page.locator("#annotation-state").textContent())!);
        const mine: Labels = { match: {}, cr: {}, pc: {}, supported: {} };
        labelled[s.item] = { ...labelled[s.item], [name]: mine };
        // On load the status line and the typed number are on screen.
        await page.keyboard.press("9");
        await page.keyboard.press("9");
        expect(await page.textContent("#buffer")).toBe("gold step 99… (Enter to match)");
        await page.keyboard.press("Enter");
        await status(page, "There is no gold step 99.");
        expect(await page.locator("#status").isVisible()).toBe(true);
        const box = (await page.locator("#bar").boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
        for (let step = 1; step <= s.steps; step++) {
          const gold = s.gold.includes(step) && (step + k + n) % 5 !== 0 ? step : null;
          if (gold === null) await page.keyboard.press("x");
          else {
            await page.keyboard.type(String(gold));
            await page.keyboard.press("Enter");
          }
          await status(page, `Saved: P${step} ${gold === null ? "unmatched" : `→ G${gold}`}.`);
          mine.match[step] = gold;
          await page.keyboard.press("ArrowUp"); // the save moved on; back to the step to score it
          if (step === s.steps) await page.keyboard.press("ArrowDown");
          if (gold !== null && s.conditional.includes(gold)) {
            const cr = ([1, 0.5, 0] as const)[(step + k + n) % 3]!;
            await page.keyboard.press("c");
            await page.keyboard.press(cr === 0.5 ? "5" : String(cr));
            await status(page, `Saved: P${step} condition resolution ${cr}.`);
            mine.cr[gold] = cr;
          } else if (gold !== null && n === 1) {
            // A condition score on an unconditional pair is refused, on screen.
            await page.keyboard.press("c");
            await page.waitForSelector("#status.bad");
            expect(await page.textContent("#status")).toContain("is not conditional");
          }
          if (gold !== null) {
            const fifths = [(step + k + n) % 6, (2 * step + k) % 6, (step + n) % 6, 5 - ((step + k) % 3)];
            await page.keyboard.press("p");
            for (const d of fifths) await page.keyboard.press(String(d));
            await status(
              page,
              `Saved: P${step} comprehensiveness ${fifths.map((d) => (d / 5).toFixed(1)).join(" / ")}.`,
            );
            mine.pc[step] = Object.fromEntries(
              DIMENSIONS.map((d, i) => [d, fifths[i]! / 5]),
            ) as Labels["pc"][number];
          }
          const supported = ((step + k + n) % 2) as 0 | 1;
          await page.keyboard.press("f");
          await page.keyboard.press(String(supported));
          await status(page, `Saved: P${step} ${supported ? "supported" : "not supported"}.`);
          mine.supported[step] = supported;
          if (step < s.steps) await page.keyboard.press("ArrowDown");
        }
        // The selects show what the keys saved.
        const first = Object.keys(mine.pc)[0];
        if (first)
          expect(await page.inputValue(`#pred li[data-step="${first}"] select[data-score=specificity]`)).toBe(
            String(mine.pc[Number(first)]!.specificity),
          );
        if (k === 0 && n === 1) {
          await shots(page, "3-annotator-workflow");
          await page.setViewportSize(screen);
        }
        if (!s.next) break;
        await Promise.all([page.waitForURL(`${origin}${s.next}`), page.keyboard.press("]")]);
      }
      expect(errors).toEqual([]);
      await page.close();
    }, 240_000);

  test("the dashboard's figures per metric and judge equal the human-agreement bench's for the same labels", async () => {
    // The labels as a labelled set in the judge-validation layout, beside copies of the tasks and the runs' reports.
    const set = join(dir, "set");
    const items = store.db
      .query<{ id: string; run_id: string }, []>("SELECT id, run_id FROM annotation_items ORDER BY id")
      .all();
    const index: Record<string, { task: string; report: string }> = {};
    const packets: unknown[] = [];
    const files: Record<string, Record<string, unknown>> = Object.fromEntries(ANNOTATORS.map((a) => [a, {}]));
    const factuality: Record<string, Record<string, unknown>> = Object.fromEntries(
      ANNOTATORS.map((a) => [a, {}]),
    );
    for (const { id, run_id } of items) {
      const run = store.getRun(run_id)!;
      const [suite, task] = run.task.split("/") as [string, string];
      // The task with the company corpus its manifest names, so the set's copy loads on its own.
      copyTaskFolder(TASKS, run.task, join(set, "tasks"));
      const report = `reports/${id}.json`;
      mkdirSync(join(set, "reports"), { recursive: true });
      writeFileSync(join(set, report), JSON.stringify(store.getReport(run_id)));
      index[id] = { task, report };
      const loaded = JSON.parse(readFileSync(join(TASKS, suite, task, "task.json"), "utf8")) as {
        generic_workflow: { item: number; condition?: unknown }[];
      };
      const steps = Object.keys(labelled[id]![ANNOTATORS[0]!]!.match).map(Number);
      packets.push({
        packet: id,
        gold: loaded.generic_workflow.map((g) => ({ gold_step: g.item, conditional: Boolean(g.condition) })),
        predicted: steps.map((pred_step) => ({ pred_step })),
      });
      for (const a of ANNOTATORS) {
        const l = labelled[id]![a]!;
        files[a]![id] = { match: l.match, cr: l.cr, pc: l.pc };
        factuality[a]![report] = {
          steps: Object.fromEntries(Object.entries(l.supported).map(([s, v]) => [s, { supported: v }])),
        };
      }
    }
    mkdirSync(join(set, "labels"), { recursive: true });
    writeFileSync(join(set, "index.json"), JSON.stringify({ suite: "demo", packets: index }));
    writeFileSync(join(set, "packets.json"), JSON.stringify(packets));
    for (const a of ANNOTATORS) {
      writeFileSync(join(set, "labels", `${a}.json`), JSON.stringify(files[a]));
      writeFileSync(join(set, "labels", `factuality-${a}.json`), JSON.stringify(factuality[a]));
    }
    const json = join(dir, "bench.json");
    const child = Bun.spawn(["bun", "scripts/bench/judge-humans.ts", "--set", set, "--json", json], {
      cwd: REPO,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(stderr).not.toContain("rror");
    expect(code).toBe(0);
    const bench = JSON.parse(readFileSync(json, "utf8")) as HumanAgreement;

    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = await watch(page);
    await page.goto(dashboard);
    const cell = async (selector: string) => (await page.textContent(selector))?.trim();
    const num = (v: number | null) => (v === null ? "—" : (Math.abs(v) < 5e-4 ? 0 : v).toFixed(3));
    const x100 = (v: number | null) => (v === null ? "—" : (v * 100).toFixed(2));
    let compared = 0;
    for (const metric of LABELLED_METRICS) {
      const b = bench.metrics[metric].lexical!;
      const row = `#judges tr[data-judge="lexical"][data-metric="${metric}"]`;
      expect(b.n).toBe(4);
      expect(await cell(`${row} .n`)).toBe(String(b.n));
      expect(await cell(`${row} .pearson`)).toBe(num(b.pearson));
      expect(await cell(`${row} .mad`)).toBe(x100(b.meanAbsoluteDifference));
      expect(await cell(`${row} .pref`)).toBe(
        b.preference.pairs ? `${b.preference.agree} of ${b.preference.pairs}` : "—",
      );
      for (const p of bench.packets) {
        const human = p.human[metric];
        expect(human).not.toBeNull();
        expect(await cell(`#metric-scores tr[data-item="${p.id}"] td.human[data-metric="${metric}"]`)).toBe(
          x100(human),
        );
        compared++;
      }
    }
    expect(compared).toBe(16);
    // The annotators' agreement on condition resolution and factuality: the bench's κ (factuality labels in the set are
    // files of their own, so the same two people appear there as factuality-Ann and factuality-Bo).
    expect(bench.annotators.conditionResolution.subjects).toBeGreaterThan(0);
    expect(await cell('#metric-agreement tr[data-labels="condition_resolution"] .kappa')).toBe(
      num(bench.annotators.conditionResolution.kappa),
    );
    expect(await cell('#metric-agreement tr[data-labels="factuality"] .kappa')).toBe(
      num(bench.annotators.factuality.kappa),
    );
    const pcMad = x100(bench.annotators.comprehensiveness.pairs[0]!.meanAbsoluteDifference);
    expect([`Ann/Bo ${pcMad}`, `Bo/Ann ${pcMad}`]).toContain(
      (await cell('#metric-agreement tr[data-labels="personalized_comprehensiveness"] .mad'))!,
    );
    await shots(page, "4-dashboard");
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
