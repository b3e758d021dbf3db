/**
 * The offline `brief` agent on the two real DRBench sample tasks (imported): a cited research report with non-trivial
 * insight recall, no planted distractor, citations that resolve to the files holding the facts; and the task-kind
 * guard that keeps workflow agents off research questions (and `brief` off workflow tasks).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { csvCells, periodKey, tableRows } from "../../src/agents/brief/table.ts";
import { brief, extractive, runAgent } from "../../src/agents/index.ts";
import { loadEnv } from "../../src/env/load.ts";
import { importDrbench } from "../../src/generate/import/drbench.ts";
import { evaluate, renderReportMarkdown } from "../../src/judge/index.ts";
import { loadTask } from "../../src/store/task-store.ts";

setDefaultTimeout(60_000);
const root = mkdtempSync(join(tmpdir(), "drflow-brief-"));
beforeAll(() =>
  importDrbench(join(import.meta.dir, "../fixtures/drbench-sample/tasks"), { root, suite: "drbench" }),
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

for (const id of ["DR0002", "DR0003"]) {
  test(`${id}: a cited research report that recalls insights and leaves the distractors out`, async () => {
    const loaded = await loadTask(root, `drbench/${id}`);
    const env = await loadEnv(loaded, { split: "original" });
    const out = await runAgent(brief(), env, null).finally(() => env.close());
    expect(out.report.form).toBe("research");
    expect(out.report.personalized_workflow).toEqual([]);
    const markdown = renderReportMarkdown(out.report);
    expect(markdown).not.toContain("Generic Workflow");
    expect(markdown).toMatch(/^- .+ \[(drive|files|chat|email)\/[^\]]+\]$/m);
    // The agent saw only the environment: its trace lists searches and the documents it left out as off-topic.
    expect(out.trace.some((e) => e.type === "tool" && e.tool === "enterprise_search")).toBe(true);
    expect(out.trace.some((e) => e.type === "note" && e.message.includes("off-topic"))).toBe(true);

    const r = await evaluate(out.report, loaded, { judge: "lexical" });
    const m = (name: string) => r.metrics.find((x) => x.metric === name)!;
    expect(m("insight_recall").value!).toBeGreaterThanOrEqual(0.25);
    expect(m("insight_recall_reachable").value!).toBeGreaterThanOrEqual(m("insight_recall").value!);
    expect(m("distractor_avoidance").value).toBe(1);
    expect(m("factuality").value!).toBeGreaterThanOrEqual(0.9);
    expect(m("report_quality").value!).toBeGreaterThan(0.4);
    // Every claim's citation resolves to the file it was taken from, and most cited files carry gold insights.
    const cited = out.report.references.map((ref) =>
      loaded.manifest.artifacts.find((a) => a.id === ref.source_id),
    );
    expect(cited.every((a) => a !== undefined)).toBe(true);
    expect(cited.filter((a) => a!.role === "insight").length / cited.length).toBeGreaterThanOrEqual(0.8);
    const matched = m("insight_recall").items.filter((i) => i.score === 1);
    expect(matched.length).toBeGreaterThanOrEqual(2);
  });
}

test("agents refuse the task kinds they do not serve, naming those that do", async () => {
  const drbenchTask = await loadTask(root, "drbench/DR0002");
  const env = await loadEnv(drbenchTask, { split: "original" });
  try {
    await expect(runAgent(extractive(), env, null)).rejects.toThrow(
      'agent "extractive" writes a personalized workflow (DRFlow) and cannot serve drbench task DR0002, which asks for a cited research report (DRBench); agents that can: drba, brief',
    );
  } finally {
    await env.close();
  }
  const demo = await loadTask(join(import.meta.dir, "../../tasks"), "demo/b2b_01");
  const demoEnv = await loadEnv(demo, { split: "original" });
  try {
    await expect(runAgent(brief(), demoEnv, null)).rejects.toThrow(
      'agent "brief" writes a cited research report (DRBench) and cannot serve drflow task b2b_01',
    );
  } finally {
    await demoEnv.close();
  }
});

test("tables: quoted cells, a DRBench description row skipped, rates as percentages, periods ordered", () => {
  expect(csvCells('Q3 2024,"1,250","say ""hi""",0.15')).toEqual(["Q3 2024", "1,250", 'say "hi"', "0.15"]);
  const t = tableRows(
    [
      "Period,Members,Growth Rate",
      "The reporting quarter of the metrics.,The number of enrolled members in the program.,The change from the previous period.",
      "Q2 2024,1050000,0.1",
      "Q3 2024,1200000,0.15",
    ].join("\n"),
    "Loyalty",
  )!;
  expect(t.rows.map((r) => r.statement)).toEqual([
    "Loyalty: Period Q2 2024; Members 1,050,000; Growth Rate 10%.",
    "Loyalty: Period Q3 2024; Members 1,200,000; Growth Rate 15%.",
  ]);
  expect(["Q3 2024", "2024-Q4", "2024-03-31", "Q2 2024 vs Q2 2023", "FY2023"].map(periodKey)).toEqual([
    20243,
    20244,
    20241,
    20242,
    null,
  ]);
});
