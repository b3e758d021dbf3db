/** DRBench's four metrics with the lexical judge on a task without a workflow: insight recall within gold + 5, distractor avoidance, insight factuality, report quality. */
import { expect, test } from "bun:test";
import { Report } from "../../src/core/index.ts";
import { evaluate } from "../../src/judge/index.ts";
import { loadFixtureTask } from "./fixture.ts";

test("a DRBench-style task is judged on insight recall, distractor avoidance, factuality and report quality", async () => {
  const fixture = await loadFixtureTask();
  const task = { ...fixture.task, kind: "drbench" as const, generic_workflow: [], personalized_workflow: [] };
  const loaded = { ...fixture, task };
  const gold = task.evidence.filter((e) => e.role === "insight");
  const u1 = gold.find((e) => e.id === "U1")!;
  const u3 = gold.find((e) => e.id === "U3")!;
  const d1 = task.evidence.find((e) => e.id === "D1")!;
  const filler = Array.from(
    { length: gold.length + 5 },
    (_, i) => `Clinic operations memo number ${i + 1} covers staffing rotations for ward ${i + 1}.`,
  );
  const report = Report.parse({
    task_id: task.id,
    question: task.seed.question,
    executive_summary: `${u1.text} [DOC:src_1] ${d1.text} [DOC:src_2] ${filler.join(" ")} ${u3.text} [DOC:src_3]`,
    references: [
      { key: "src_1", source_id: "fixture_01_IN_3" },
      { key: "src_2", source_id: "fixture_01_DI_1" },
      { key: "src_3", source_id: "fixture_01_IN_4" },
    ],
  });
  const r = await evaluate(report, loaded, { judge: "lexical" });
  expect(r.metrics.map((m) => m.metric)).toEqual([
    "insight_recall",
    "distractor_avoidance",
    "factuality",
    "report_quality",
    "insight_recall_reachable",
  ]);
  const metric = (name: string) => r.metrics.find((m) => m.metric === name)!;

  // U3 comes after gold + 5 report insights: not counted.
  expect(metric("insight_recall").value).toBe(1 / gold.length);
  expect(metric("insight_recall").items.find((i) => i.id === "U1")!.score).toBe(1);
  expect(metric("insight_recall").items.find((i) => i.id === "U3")!.score).toBe(0);
  expect(metric("distractor_avoidance").value).toBe(0.5);
  expect(metric("distractor_avoidance").items.find((i) => i.id === "D1")!.score).toBe(0);

  // Factuality over the considered insights: the two cited ones are supported; the fillers share their paragraph's
  // closing citation (a paragraph that cites once cites each of its sentences) and are not supported by it.
  const f = metric("factuality");
  expect(f.items).toHaveLength(gold.length + 5);
  expect(f.items.filter((i) => i.score === 1).map((i) => i.id)).toEqual(["INSIGHT_1", "INSIGHT_2"]);
  expect(f.items[2]!.score).toBe(0);
  expect(f.items[2]!.justification).toContain("of its terms in its best passages");

  const q = metric("report_quality");
  expect(q.value).toBeGreaterThan(0);
  expect(q.value).toBeLessThanOrEqual(1);
  expect(q.items.map((i) => i.id)).toEqual([
    "depth",
    "relevance",
    "persona_consistency",
    "coherence",
    "non_contradiction",
    "overall",
  ]);
});
