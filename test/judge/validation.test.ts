/**
 * The lexical judge against labels known by construction: gold scores 1.0, dropped steps lower recall by k/n, reversed
 * order drives topology to 0, a generic branch scores 0.5 and a wrong one 0, no citations zero factuality, distractor
 * steps lower precision, paraphrases still align.
 */
import { describe, expect, test } from "bun:test";
import type { MetricName } from "../../src/core/index.ts";
import { evaluate } from "../../src/judge/index.ts";
import type { EvaluationResult } from "../../src/judge/result.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";
import {
  type Constructed,
  dropSteps,
  genericBranch,
  goldReport,
  paraphrased,
  reverseSteps,
  withDistractorSteps,
  withoutCitations,
  wrongBranch,
} from "./construct.ts";
import { validationTasks } from "./tasks.ts";

const tasks = await validationTasks({ demoLimit: 3 });
const ALL: MetricName[] = [
  "precision",
  "recall",
  "f1",
  "topology",
  "condition_resolution",
  "personalized_comprehensiveness",
  "factuality",
];

const value = (r: EvaluationResult, m: MetricName) => r.metrics.find((x) => x.metric === m)!.value;
const judge = (c: Constructed | { report: Constructed["report"] }, loaded: LoadedTask, metrics = ALL) =>
  evaluate(c.report, loaded, { judge: "lexical", metrics });

/** Every precision decision aligned where the construction says, and nothing else aligned. */
function expectLabels(r: EvaluationResult, c: Constructed) {
  for (const row of r.alignment.precision) {
    const source = Number(row.source.replace("PRED_STEP_", ""));
    const want = c.labels.get(source);
    expect(`${row.source} → ${row.aligned}`).toBe(
      `${row.source} → ${want === undefined ? null : `WORKFLOW_STEP_${want}`}`,
    );
  }
}

for (const loaded of tasks) {
  const { task } = loaded;
  const gold = goldReport(loaded);
  const n = gold.personalized_workflow.length;
  const conditional = task.generic_workflow.filter((g) => g.condition).map((g) => g.item);

  describe(`lexical judge on ${task.id} (${n} steps, ${conditional.length} conditional)`, () => {
    test("gold as prediction scores 1.0 on recall, precision, F1, topology and condition resolution", async () => {
      const r = await judge({ report: gold }, loaded);
      for (const m of ["recall", "precision", "f1", "topology", "condition_resolution"] as const)
        expect(`${m}=${value(r, m)}`).toBe(`${m}=1`);
      expect(value(r, "personalized_comprehensiveness")).toBeGreaterThan(0.9);
      for (const m of r.metrics) {
        expect(m.unscored).toBe(0);
        expect(m.judge.judge).toBe("lexical");
        expect(m.judge.prompt_hash).toMatch(/^[0-9a-f]{16}$/);
      }
    });

    test("dropping k of n steps lowers recall by k/n and keeps precision", async () => {
      for (const k of [1, 2, Math.floor(n / 3)]) {
        const c = dropSteps(gold, k);
        const r = await judge(c, loaded);
        expect(value(r, "recall")!).toBeCloseTo(1 - k / n, 10);
        expect(value(r, "precision")).toBe(1);
        expectLabels(r, c);
      }
    });

    test("reversing the order drives topology to 0", async () => {
      const c = reverseSteps(gold);
      const r = await judge(c, loaded);
      expect(value(r, "topology")).toBe(0);
      expect(value(r, "recall")).toBe(1);
      expectLabels(r, c);
    });

    test("a generic 'if A … else B' scores 0.5 and the wrong branch 0 on that condition", async () => {
      for (const item of conditional) {
        for (const [c, want] of [
          [genericBranch(gold, task, item), 0.5],
          [wrongBranch(gold, task, item), 0],
        ] as const) {
          const r = await judge(c, loaded, ["precision", "condition_resolution"]);
          const row = r.metrics
            .find((m) => m.metric === "condition_resolution")!
            .items.find((i) => i.id === `WORKFLOW_STEP_${item}`)!;
          expect(`${c.name}: ${row.score}`).toBe(`${c.name}: ${want}`);
          expectLabels(r, c);
        }
      }
    });

    test("removing citations zeroes factuality", async () => {
      const r = await judge(withoutCitations(gold), loaded, ["factuality"]);
      expect(value(r, "factuality")).toBe(0);
      const before = await judge({ report: gold }, loaded, ["factuality"]);
      expect(value(before, "factuality")!).toBeGreaterThan(0.5);
    });

    test("adding distractor-derived steps lowers precision", async () => {
      const c = withDistractorSteps(gold, task);
      const r = await judge(c, loaded);
      const extra = c.report.personalized_workflow.length - n;
      expect(extra).toBeGreaterThan(0);
      expect(value(r, "precision")!).toBeCloseTo(n / (n + extra), 10);
      expect(value(r, "recall")).toBe(1);
      expectLabels(r, c);
    });

    test("paraphrased steps (synonyms, reordered clauses) still align", async () => {
      const c = paraphrased(gold);
      const changed = c.report.personalized_workflow.filter(
        (s, i) => s.task_description !== gold.personalized_workflow[i]!.task_description,
      );
      expect(changed.length).toBeGreaterThanOrEqual(n / 2);
      const r = await judge(c, loaded);
      expect(value(r, "precision")).toBe(1);
      expect(value(r, "recall")).toBe(1);
      expectLabels(r, c);
    });
  });
}

test("the validation covers the fixture task", () => {
  expect(tasks[0]!.task.id).toBe("fixture_01");
});
