/**
 * DRBench conformance of the lexical judge on real DRBench tasks (test/fixtures/drbench-sample, imported) and
 * hand-written DRBench-style reports (test/fixtures/drbench-reports): good reports above bad on insight recall, bad above
 * good on distractor recall, by a clear margin; every report gets a factuality score; an empty or question-echo report
 * gets report quality 0; a report the reader cannot use is unscored with the reason.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MetricName } from "../../src/core/index.ts";
import { importDrbench } from "../../src/generate/import/drbench.ts";
import { evaluate } from "../../src/judge/index.ts";
import { taskSources } from "../../src/judge/sources.ts";
import { type LoadedTask, loadTask } from "../../src/store/task-store.ts";

setDefaultTimeout(60_000);

const SAMPLE = join(import.meta.dir, "../fixtures/drbench-sample/tasks");
const REPORTS = join(import.meta.dir, "../fixtures/drbench-reports");
const root = mkdtempSync(join(tmpdir(), "drflow-drbench-judge-"));
const tasks = new Map<string, LoadedTask>();
beforeAll(async () => {
  await importDrbench(SAMPLE, { root, suite: "drbench" });
  for (const id of ["DR0002", "DR0003"]) tasks.set(id, await loadTask(root, `drbench/${id}`));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function judged(id: string, markdown: string) {
  const r = await evaluate(markdown, tasks.get(id)!, { judge: "lexical" });
  const m = (name: MetricName) => r.metrics.find((x) => x.metric === name)!;
  return { r, m };
}
const report = (name: string) => readFileSync(join(REPORTS, name), "utf8");

describe.each(["DR0002", "DR0003"])("%s", (id) => {
  test("good above bad on insight recall, bad above good on distractor recall, both factuality-scored", async () => {
    const good = await judged(id, report(`${id}-good.md`));
    const bad = await judged(id, report(`${id}-bad.md`));
    const recall = (x: typeof good) => x.m("insight_recall").value!;
    const distractorRecall = (x: typeof good) => 1 - x.m("distractor_avoidance").value!;
    expect(recall(good) - recall(bad)).toBeGreaterThanOrEqual(0.75);
    expect(distractorRecall(bad) - distractorRecall(good)).toBeGreaterThanOrEqual(0.35);
    for (const x of [good, bad]) {
      expect(x.m("factuality").value).not.toBeNull();
      expect(x.m("factuality").scored).toBeGreaterThan(3);
      expect(x.r.problems).toEqual([]);
    }
    expect(good.m("report_quality").value!).toBeGreaterThan(bad.m("report_quality").value!);
    // The good report's cited claims resolve to the files that hold them, whatever the citation form.
    const cited = good.m("factuality").items.filter((i) => i.matched);
    const manifest = tasks.get(id)!.manifest.artifacts;
    for (const i of cited) {
      for (const sourceId of i.matched!.split(","))
        expect(manifest.find((a) => a.id === sourceId)?.role).toBe("insight");
    }
    expect(cited.filter((i) => i.score === 1).length).toBeGreaterThanOrEqual(4);
  });
});

test.each(["DR0002", "DR0003"])(
  "%s: a dump of every sentence of the task's files is rated below the good report on report quality",
  async (id) => {
    const loaded = tasks.get(id)!;
    const read = taskSources(loaded);
    const lines: string[] = [];
    const refs: string[] = [];
    for (const [n, a] of loaded.manifest.artifacts.entries()) {
      refs.push(`[${n + 1}] ${a.path}`);
      for (const s of ((await read(a.id))?.text ?? "").split(/(?<=[.!?])\s+/))
        if (s.split(" ").length > 4) lines.push(`- ${s.replace(/\s+/g, " ").trim()} [${n + 1}]`);
    }
    const dump = `# Report\n\n## Findings\n\n${lines.join("\n")}\n\n## References\n\n${refs.join("\n")}\n`;
    const quality = async (md: string) => (await judged(id, md)).m("report_quality").value!;
    expect(await quality(dump)).toBeLessThan(await quality(report(`${id}-good.md`)));
  },
);

test("web facts: recall over reachable insights leaves out facts whose page the task does not hold", async () => {
  const { m } = await judged("DR0002", report("DR0002-good.md"));
  const reachable = m("insight_recall_reachable").items.map((i) => i.id);
  expect(reachable).not.toContain("EX0000");
  expect(reachable).toContain("IN001_docx");
  expect(m("insight_recall").items.map((i) => i.id)).toContain("EX0000");
  const web = m("factuality").items.filter((i) => i.justification.includes("offline web store"));
  expect(web.length).toBeGreaterThan(0);
  for (const i of web) expect(i.score).toBeNull();
});

test("an empty report and a question echo get report quality 0 and no insight", async () => {
  const question = tasks.get("DR0003")!.task.seed.question;
  for (const text of [
    "",
    `# ${question}\n\n${question}\n\n## Conclusion\n\nWe can leverage data-driven loyalty programs to enhance customer engagement.`,
  ]) {
    const { m } = await judged("DR0003", text);
    expect(m("report_quality").value).toBe(0);
    expect(m("insight_recall").value).toBe(0);
    expect(m("insight_recall").unscored).toBe(0);
    expect(m("distractor_avoidance").value).toBe(1);
  }
});

test("a report whose structure cannot be read is unscored with the reason, never scored as empty", async () => {
  const { r, m } = await judged("DR0002", "# Findings\n\n## Details\n\n### More\n");
  for (const name of ["insight_recall", "distractor_avoidance", "report_quality"] as const) {
    expect(m(name).value).toBeNull();
    expect(m(name).unscored).toBeGreaterThan(0);
  }
  expect(m("insight_recall").items[0]!.justification).toContain("no statements");
  expect(r.problems.map((p) => p.message)).toContain(
    "the report has headings but no statements (no prose, bullets or table rows) to read claims from",
  );
});

test("a compound claim stating two distractors counts as stating both (DRBench checks each fact against every claim)", async () => {
  const { m } = await judged(
    "DR0002",
    "# Operations\n\nLee's Market's employee turnover rate was 15% in Q3 2024, down 3%, and the company allocated $750,000 for employee training in Q3 2024.\n",
  );
  const stated = m("distractor_avoidance")
    .items.filter((i) => i.score === 0)
    .map((i) => i.id);
  expect(stated).toEqual(["DI001_xlsx", "DI004_xlsx"]);
});

test("a web fact becomes reachable, and its URL citation checkable, once its page is saved in the task's web store", async () => {
  const loaded = tasks.get("DR0002")!;
  const web = join(loaded.dir, "web");
  mkdirSync(web, { recursive: true });
  writeFileSync(
    join(web, "personalization.html"),
    `<html><head><title>Personalization in action</title></head><body><nav>Menu</nav><article>
<h1>Personalization in action</h1>
<p>Retailers that excel at personalized marketing grow revenue about 10 percentage points faster than their peers, and leaders using first-party data could unlock an estimated $570 billion in additional sales.</p>
<p>Personalized promotions return about three times as much as mass promotions, yet many retailers give personalization under 5% of their promo budgets; one chain raised personalized promo spend from 1% to 10% through a customer investment council and gained $250 million in incremental sales.</p>
<p>Retail media is growing at about 25% a year; Sephora links 95% of its transactions to loyalty accounts.</p>
</article></body></html>`,
  );
  writeFileSync(
    join(web, "pages.json"),
    JSON.stringify({
      pages: [
        {
          url: "https://www.bcg.com/publications/2024/personalization-in-action",
          path: "personalization.html",
        },
      ],
    }),
  );
  try {
    const { m } = await judged("DR0002", report("DR0002-good.md"));
    const reachable = m("insight_recall_reachable").items.map((i) => i.id);
    expect(reachable).toEqual(expect.arrayContaining(["EX0000", "EX0001", "EX0002"]));
    const webClaims = m("factuality").items.filter(
      (i) => i.matched === "https://www.bcg.com/publications/2024/personalization-in-action",
    );
    expect(webClaims.length).toBeGreaterThanOrEqual(3);
    expect(webClaims.filter((i) => i.score === 1).length).toBeGreaterThanOrEqual(2);
  } finally {
    rmSync(web, { recursive: true, force: true });
  }
});
