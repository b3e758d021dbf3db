/**
 * Annotation campaigns in Debian chromium, on runs the offline loop just recorded (two demo tasks × two agent specs,
 * lexical judge; the LLM judge's prompt and parsing path too, over HTTP against the scripted judge that agrees with
 * everything — its F1s exercise the dashboard's second judge, they say nothing about LLMs): create a campaign over two of
 * the runs (different tasks and agents) with three annotator links; each annotator matches steps — Ann
 * by clicking (and tries to match a gold step twice, which the page refuses without asking the server), Bo by keyboard
 * alone (with a note), Cy by clicking a different set; the dashboard shows the Fleiss' κ and Pearson r that
 * src/analysis computes for the labels the test scripted; the JSONL export imports back (replace) and exports the
 * same. Screenshots in test-artifacts/annotation/.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { fleissKappa, labelCounts, meanAbsoluteDifference, pearson } from "../../src/analysis/agreement.ts";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { evaluate, saveEvaluation } from "../../src/judge/index.ts";
import { createModel } from "../../src/llm/index.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { judgeName } from "../../src/studio/annotation/workflows.ts";
import { agreeableReply } from "../judge/agreeable-judge.ts";
import { recordOfflineRuns, TASKS } from "../support/offline-runs.ts";
import { startScriptedServer } from "../support/scripted-server.ts";
import { CHROMIUM, launchChromium } from "./chromium.ts";

// An annotator decides every predicted step of two workflows: on the demo with its company corpora the extractive
// agent predicts 87–152 steps a workflow, several minutes of clicks and keys under CI's load. The annotators' tests
// take this default (an explicit 60 s on each cut Ann's clicks on CI after 60.0 s; they took 45 s on a quiet run).
setDefaultTimeout(240_000);

const ARTIFACTS = resolve(import.meta.dir, "../../test-artifacts/annotation");
const BATCH = "annotation-browser";
const SPECS = ["extractive", "extractive:searchLimit=4"];
/** The two runs the campaign annotates, out of the four recorded. */
const CHOSEN = [
  { task: "demo/b2b_01", agent: SPECS[0]! },
  { task: "demo/healthcare_01", agent: SPECS[1]! },
];

let dir: string;
let store: RunStore;
let server: ReturnType<typeof Bun.serve>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let origin: string;
let judgeServer: Awaited<ReturnType<typeof startScriptedServer>>;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  dir = await mkdtemp(join(tmpdir(), "drflow-annotation-browser-"));
  await mkdir(ARTIFACTS, { recursive: true });
  store = new RunStore(join(dir, "runs.sqlite"));
  await recordOfflineRuns(store, {
    batch: BATCH,
    tasks: CHOSEN.map((c) => c.task),
    specs: SPECS,
    indexDir: join(dir, "env"),
  });
  // A second judge on the two chosen runs: the LLM judge through the scripted agreeable server.
  judgeServer = await startScriptedServer({ reply: agreeableReply });
  const model = createModel(`compat:${judgeServer.url}#judge-model`, {
    cache: null,
    retry: { maxRetries: 0 },
  });
  for (const c of CHOSEN) {
    const run = store.listRuns({ kind: "agent", task: c.task, agent: c.agent })[0]!;
    const result = await evaluate(store.getReport(run.id)!, await loadTask(TASKS, c.task), {
      judge: model,
      metrics: ["f1"],
    });
    saveEvaluation(store, run.id, result);
  }
  const app = createApp({ deps: defaultDeps({ store, tasksRoot: TASKS, notebooksDir: join(dir, "nb") }) });
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
  origin = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  judgeServer?.close();
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

type State = { item: string; steps: number; gold: number[]; next: string | null };
/** What the test scripted: per workflow item and predicted step, each annotator's gold step (null = unmatched). */
const scripted = new Map<string, Map<string, number | null>>();
/** Per workflow item: its predicted and gold step counts as the annotators' pages showed them. */
const shapes = new Map<string, { steps: number; gold: number }>();
const record = (item: string, step: number, annotator: string, gold: number | null) => {
  const key = `${item}:${step}`;
  const m = scripted.get(key) ?? new Map();
  m.set(annotator, gold);
  scripted.set(key, m);
};

async function watch(page: Page): Promise<{ errors: string[]; posts: string[] }> {
  const errors: string[] = [];
  const posts: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("request", (r) => {
    if (!r.url().startsWith(origin)) errors.push(`request beyond the server: ${r.url()}`);
    if (r.method() === "POST") posts.push(r.url());
  });
  return { errors, posts };
}

async function state(page: Page): Promise<State> {
  await page.waitForSelector("body[data-ready=yes]");
  const s: State = JSON.parse((await page.locator("#annotation-state").textContent())!);
  shapes.set(s.item, { steps: s.steps, gold: s.gold.length });
  return s;
}

const decided = (page: Page, step: number, gold: number | null) =>
  page.waitForSelector(`#pred li[data-step="${step}"][data-state="${gold === null ? "none" : "match"}"]`);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

describe("annotation campaign in chromium", () => {
  const links: Record<string, string> = {};
  let dashboard = "";

  test("create a campaign over two demo runs with three annotator links", async () => {
    const page = await browser.context.newPage();
    const { errors } = await watch(page);
    await page.goto(`${origin}/studio/campaigns/new?batch=${BATCH}`);
    expect(await page.locator("input[name=run]").count()).toBe(4);
    for (const c of CHOSEN) {
      const run = store.listRuns({ kind: "agent", task: c.task, agent: c.agent })[0]!;
      await page.check(`input[name=run][value="${run.id}"]`);
    }
    await page.fill("input[name=name]", "b2b pilot");
    await page.fill("textarea[name=annotators]", "Ann\nBo\nCy");
    expect(await page.inputValue("textarea[name=guideline]")).toContain("one to one");
    await page.click("button[type=submit]");
    await page.waitForSelector("#links li");
    for (const li of await page.locator("#links li").all())
      links[(await li.getAttribute("data-annotator"))!] = (await li
        .locator("a.annotator-link")
        .getAttribute("href"))!;
    expect(Object.keys(links)).toEqual(["Ann", "Bo", "Cy"]);
    dashboard = `${origin}${await page.getAttribute("#dashboard-link", "href")}`;
    expect(errors).toEqual([]);
    await page.close();
  });

  test("Ann matches by clicking; a second match to a held gold step is refused", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    const { errors, posts } = await watch(page);
    await page.goto(links.Ann!);
    expect(page.url()).not.toContain("k="); // the secret left the address bar for a cookie
    await page.click("text=Continue with workflow 1");
    for (let n = 1; ; n++) {
      const s = await state(page);
      for (let step = 1; step <= s.steps; step++) {
        // Ann leaves step 2 of the second workflow unmatched, so the two workflows' human F1 differ whatever their
        // shapes (a correlation needs two different values on each side).
        const gold = s.gold.includes(step) && !(n === 2 && step === 2) ? step : null;
        await page.click(`#pred li[data-step="${step}"] b`);
        if (gold === null) await page.click(`#pred li[data-step="${step}"] button[data-act=none]`);
        else await page.click(`#gold button[data-gold="${gold}"]`);
        await decided(page, step, gold);
        record(s.item, step, "Ann", gold);
        if (n === 1 && step === 1) {
          // Step 2 → gold 1, which step 1 holds: refused on the page, nothing sent.
          const before = posts.length;
          await page.click(`#pred li[data-step="2"] b`);
          await page.click(`#gold button[data-gold="1"]`);
          await page.waitForSelector("#status.bad");
          expect(await page.textContent("#status")).toContain("already matched to predicted step 1");
          expect(posts.length).toBe(before);
          expect(await page.getAttribute(`#pred li[data-step="2"]`, "data-state")).toBe("open");
          await shot(page, "1-annotator-refused");
        }
      }
      if (!s.next) break;
      await page.goto(`${origin}${s.next}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test("Bo annotates by keyboard alone", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    const { errors } = await watch(page);
    await page.goto(links.Bo!);
    // From the overview: Tab to the "continue" link, Enter.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      if ((await page.evaluate(() => document.activeElement?.textContent ?? "")).startsWith("Continue"))
        break;
    }
    await Promise.all([page.waitForURL(/\/1$/), page.keyboard.press("Enter")]);
    for (let n = 1; ; n++) {
      const s = await state(page);
      for (let step = 1; step <= s.steps; step++) {
        const gold = s.gold.includes(step) && step % 3 !== 0 ? step : null;
        if (n === 1 && step === 1) {
          await page.keyboard.press("n");
          await page.keyboard.type("close paraphrase");
          await page.keyboard.press("Enter");
        }
        if (gold === null) await page.keyboard.press("x");
        else {
          await page.keyboard.type(String(gold));
          await page.keyboard.press("Enter");
        }
        await decided(page, step, gold);
        record(s.item, step, "Bo", gold);
      }
      if (n === 1) {
        // Move back up with the arrows, clear step 2 with Backspace, and decide it again.
        for (let i = s.steps; i > 2; i--) await page.keyboard.press("ArrowUp");
        await page.keyboard.press("Backspace");
        await page.waitForSelector(`#pred li[data-step="2"][data-state="open"]`);
        await page.keyboard.press("2");
        await page.keyboard.press("Enter");
        await decided(page, 2, 2);
        await shot(page, "2-annotator-keyboard");
      }
      if (!s.next) break;
      await Promise.all([page.waitForURL(`${origin}${s.next}`), page.keyboard.press("]")]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test("Cy matches a different set by clicking", async () => {
    const page = await browser.context.newPage();
    const { errors } = await watch(page);
    await page.goto(links.Cy!);
    await page.click("text=Continue with workflow 1");
    for (;;) {
      const s = await state(page);
      for (let step = 1; step <= s.steps; step++) {
        const gold = s.gold.includes(step) && step % 4 !== 1 ? step : null;
        if (gold === null) await page.click(`#pred li[data-step="${step}"] button[data-act=none]`);
        else {
          await page.click(`#pred li[data-step="${step}"] b`);
          await page.click(`#gold button[data-gold="${gold}"]`);
        }
        await decided(page, step, gold);
        record(s.item, step, "Cy", gold);
      }
      if (!s.next) break;
      await page.goto(`${origin}${s.next}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the dashboard shows src/analysis's κ and Pearson for these labels; the export round-trips", async () => {
    // Bo's step 2 of the first workflow was cleared and decided again as gold 2 (already what the rule gives).
    const rows = [...scripted.values()].map((m) =>
      ["Ann", "Bo", "Cy"].map((a) => (m.get(a) === null ? "none" : `gold ${m.get(a)}`)),
    );
    const kappa = fleissKappa(labelCounts(rows).counts).kappa;
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    const { errors } = await watch(page);
    await page.goto(dashboard);
    expect((await page.textContent("#kappa"))?.trim()).toBe(kappa.toFixed(3));

    // Each annotator's F1 per workflow from the scripted labels, the human average, and the lexical judge's stored F1
    // for that workflow's run (which run an item is, the test reads from the store: the pages never say).
    const human: number[] = [];
    const judges = new Map<string, number[]>();
    const runOf = new Map(
      store.db
        .query<{ id: string; run_id: string }, []>("SELECT id, run_id FROM annotation_items")
        .all()
        .map((r) => [r.id, r.run_id]),
    );
    expect(shapes.size).toBe(2);
    for (const [item, shape] of shapes) {
      const runId = runOf.get(item)!;
      const row = page.locator("#workflows tbody tr", { hasText: runId });
      const f1s = ["Ann", "Bo", "Cy"].map((a) => {
        const m = [...scripted.entries()].filter(
          ([k, l]) => k.startsWith(`${item}:`) && l.get(a) !== null,
        ).length;
        const p = m / shape.steps;
        const r = m / shape.gold;
        return p + r === 0 ? 0 : (2 * p * r) / (p + r);
      });
      for (const [i, f1] of f1s.entries())
        expect((await row.locator(`td:nth-child(${6 + i})`).textContent())?.trim()).toBe(
          (f1 * 100).toFixed(2),
        );
      human.push(f1s.reduce((s, v) => s + v, 0) / 3);
      for (const m of store.metrics({ run: runId, metric: "f1" })) {
        const name = judgeName(m.result.judge);
        judges.set(name, [...(judges.get(name) ?? []), m.result.value!]);
      }
    }
    expect([...judges.keys()].sort()).toEqual(["lexical", `llm:compat:${judgeServer.url}#judge-model`]);
    // The lexical judge scores the two workflows apart, so one correlation is a number the page must match.
    expect([...judges.values()].some((j) => new Set(j).size > 1)).toBe(true);
    for (const [name, judge] of judges) {
      // A judge that gives both workflows one score has no correlation with anything: the page says "—" then.
      const r = pearson(human, judge);
      expect(r === null).toBe(new Set(judge).size < 2);
      expect((await page.textContent(`tr[data-judge="${name}"][data-metric="f1"] .pearson`))?.trim()).toBe(
        r === null ? "—" : r.toFixed(3),
      );
      expect((await page.textContent(`tr[data-judge="${name}"][data-metric="f1"] .mad`))?.trim()).toBe(
        (meanAbsoluteDifference(human, judge)! * 100).toFixed(2),
      );
    }
    expect(await page.textContent("body")).not.toContain("evaluation exists for these runs");
    expect(await page.locator("#f1-plot svg").count()).toBeGreaterThan(0);
    expect(await page.locator("#disagreements tbody tr").count()).toBe(
      rows.filter((row) => new Set(row).size > 1).length,
    );
    await shot(page, "3-dashboard");

    // Export, import the file back (replace) through the page, export again: the same bytes.
    const exportUrl = `${origin}${await page.getAttribute("#export", "href")}`;
    const exported = await (await page.request.get(exportUrl)).text();
    expect(exported.trim().split("\n")).toHaveLength(scripted.size * 3);
    expect(exported).toContain('"note":"close paraphrase"');
    await page.setInputFiles("#import-file", {
      name: "labels.jsonl",
      mimeType: "text/plain",
      buffer: Buffer.from(exported),
    });
    await page.selectOption("#import-mode", "replace");
    await page.click("#import");
    await page.waitForSelector("#import-result[data-ok]");
    expect(await page.textContent("#import-result")).toBe(
      `Imported ${scripted.size * 3} labels. Reload to see them.`,
    );
    expect(await (await page.request.get(exportUrl)).text()).toBe(exported);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("adjudication: the adjudicator picks a final decision; it is stored, exported, and F1 reads it while κ does not", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    const { errors } = await watch(page);
    await page.goto(dashboard);
    const kappa = await page.textContent("#kappa");
    const row = page.locator("#disagreements tbody tr").first();
    const item = (await row.getAttribute("data-item"))!;
    const step = Number(await row.getAttribute("data-step"));
    const chosen = scripted.get(`${item}:${step}`)!;
    // The final decision: the choice fewest annotators made (a real change for the others).
    const counts = new Map<number | null, number>();
    for (const g of chosen.values()) counts.set(g, (counts.get(g) ?? 0) + 1);
    const final = [...counts.entries()].sort((a, b) => a[1] - b[1])[0]![0];
    // Without a name the page refuses, saying why; nothing is posted.
    await row.locator(".adj-gold").selectOption(final === null ? "none" : String(final));
    await row.locator(".adj-set").click();
    expect(await page.textContent("#adjudication-status")).toBe("Type your name as adjudicator first.");
    await page.fill("#adjudicator", "Dee");
    await page.dispatchEvent("#adjudicator", "change");
    await row.locator(".adj-note").fill("the step names the gold step's action");
    await Promise.all([page.waitForEvent("load"), row.locator(".adj-set").click()]);
    const after = page.locator(`#disagreements tbody tr[data-item="${item}"][data-step="${step}"]`);
    expect((await after.locator(".final").textContent())?.replace(/\s+/g, " ")).toContain(
      `${final === null ? "unmatched" : `G${final}`}by Dee — the step names the gold step's action`,
    );
    expect(await page.textContent("#adjudication-summary")).toContain("1 of");
    // κ is over the annotators' own labels; each annotator's F1 on that workflow now counts the final decision.
    expect(await page.textContent("#kappa")).toBe(kappa);
    const runId = store.db
      .query<{ run_id: string }, [string]>("SELECT run_id FROM annotation_items WHERE id = ?")
      .get(item)!.run_id;
    const shape = shapes.get(item)!;
    const wf = page.locator("#workflows tbody tr", { hasText: runId });
    for (const [i, a] of ["Ann", "Bo", "Cy"].entries()) {
      const matched = [...scripted.entries()].filter(([k, l]) => {
        if (!k.startsWith(`${item}:`)) return false;
        const gold = k === `${item}:${step}` ? final : l.get(a);
        return gold !== null && gold !== undefined;
      }).length;
      const p = matched / shape.steps;
      const r = matched / shape.gold;
      const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
      expect((await wf.locator(`td:nth-child(${6 + i})`).textContent())?.trim()).toBe((f1 * 100).toFixed(2));
    }
    // Stored and exported with the adjudicator's name and what each annotator chose.
    const exported = await (
      await page.request.get(`${origin}${await page.getAttribute("#export-adjudications", "href")}`)
    ).text();
    const lines = exported
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      run: runId,
      step,
      gold: final,
      adjudicator: "Dee",
      note: "the step names the gold step's action",
      annotators: Object.fromEntries(chosen),
    });
    // A gold step that does not exist is refused, naming the field.
    const bad = await page.request.post(`${dashboard}/adjudications`, {
      data: { item, step, gold: 999, adjudicator: "Dee" },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toContain("gold: workflow");
    await shot(page, "4-adjudicated");
    // Clearing puts the workflow's F1 back.
    await Promise.all([page.waitForEvent("load"), after.locator(".adj-clear").click()]);
    expect(
      await page.locator(`#disagreements tbody tr[data-item="${item}"] .final`).first().textContent(),
    ).toContain("not yet");
    expect(errors).toEqual([]);
    await page.close();
  });
});
