import { expect, test } from "bun:test";
import { generateProceduralTask } from "../generate/procedural/generate-task.ts";
import { renderStats, taskStats } from "./task-stats.ts";

test("stats count decisions, restating units, surfaces and question overlap of a generated task", () => {
  const g = generateProceduralTask({
    taskId: "healthcare_01",
    domain: "healthcare",
    seed: 7,
    family: "lep-consent",
  });
  const s = taskStats("demo/healthcare_01", g.task);
  expect(s.steps).toBe(g.task.generic_workflow.length);
  expect(s.conditional).toBe(6);
  expect(s.conditionUnits).toBe(6);
  // the default share 0.2 draws one restating unit of six; the lexical measure finds exactly it
  expect(s.restated).toBe(1);
  expect(s.realizations).toBeGreaterThanOrEqual(3);
  expect(s.stepOverlap).toBeGreaterThan(0);
  expect(s.stepOverlap).toBeLessThan(1);
  expect(s.questionOverlap).toBeLessThan(0.5);
  const table = renderStats([s]);
  expect(table).toContain("suite (1 tasks)");
  expect(table).toMatch(/demo\/healthcare_01\s+\d+\s+6\s+16\.7\s+83\.3/);
});
