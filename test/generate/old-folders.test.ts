/**
 * Task folders written before a generator change keep loading, validating and judging: the judge-validation set
 * (`../shared/judge-validation/tasks/jv1`, human-labelled, read in place) and a folder from the generator before issue
 * 27 (`test/fixtures/generator-v2`). The pinned figures are alignment scores (recall, precision, F1): on jv1 they are
 * the annotators' own F1 (the lexical judge's matches theirs exactly there), on the fixture the lexical judge's at
 * the commit that wrote it. The text check (rule `prose`, issue 27) came after them: it finds the faults a careful
 * reader flagged in them ("the a sectional sofa", "Caping transport") and is left out of their validation.
 */
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadEnv } from "../../src/env/index.ts";
import { evaluate } from "../../src/judge/index.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { validateTaskDir } from "../../src/store/validate/index.ts";

const REPO = resolve(import.meta.dir, "../..");

/** The team's shared folder beside the repository (`../shared` from a clone, further up from a worktree). */
function sharedDir(): string | null {
  for (const up of ["..", "../..", "../../.."]) {
    const dir = resolve(REPO, up, "shared", "judge-validation");
    if (existsSync(join(dir, "tasks", "jv1"))) return dir;
  }
  return null;
}

/** Prose findings per folder that the text check must report (the faults it was written to catch). */
const FLAGGED: Record<string, RegExp> = {
  "jv1/b2c_01": /the a set of dining chairs/,
  "jv1/healthcare_02": /Caping transport/,
  "generator-v2/legal_01": /Takahashi's a kitchen fire/,
};

async function checkFolder(root: string, ref: string) {
  const loaded = await loadTask(root, ref);
  const violations = await validateTaskDir(loaded.dir, () => loadTask(root, ref));
  expect(violations.filter((v) => v.rule !== "prose")).toEqual([]);
  if (FLAGGED[ref])
    expect(violations.some((v) => v.rule === "prose" && FLAGGED[ref]!.test(v.expected))).toBe(true);
  for (const split of ["original", "mixed"] as const) {
    const env = await loadEnv(loaded, { split });
    try {
      const listed = await env.list();
      const expected = loaded.manifest.artifacts.filter((a) => split === "mixed" || a.role !== "adjacent");
      expect(listed.length).toBe(expected.length);
      expect((await env.search(loaded.task.seed.question, { limit: 5 })).length).toBeGreaterThan(0);
    } finally {
      await env.close();
    }
  }
  return loaded;
}

const scoreOf = (result: Awaited<ReturnType<typeof evaluate>>, metric: string) =>
  result.metrics.find((m) => m.metric === metric)?.value ?? null;

const jv = sharedDir();
/** Annotators' F1 per task (README of the judge-validation set); every careful-reader report scores 1.0. */
const HUMAN_F1: Record<string, number> = {
  b2b_01: 0.9375,
  b2c_01: 1,
  education_02: 1,
  healthcare_01: 1,
  healthcare_02: 0.96,
  legal_01: 0.9333,
};

describe.skipIf(jv === null)("the judge-validation set jv1 (read from ../shared)", () => {
  for (const [task, extractiveF1] of Object.entries(HUMAN_F1)) {
    test(`${task}: loads, validates, serves both splits and judges as the annotators did`, async () => {
      const root = join(jv!, "tasks");
      const loaded = await checkFolder(root, `jv1/${task}`);
      for (const [who, f1] of [
        ["careful-reader", 1],
        ["extractive", extractiveF1],
      ] as const) {
        const report = JSON.parse(await Bun.file(join(jv!, "reports", who, `${task}.json`)).text());
        const result = await evaluate(report, loaded, { judge: "lexical" });
        expect(scoreOf(result, "f1")).toBeCloseTo(f1, 3);
      }
    }, 60_000);
  }
});

test("a folder of the generator before issue 27 loads, validates, serves both splits and judges as it did", async () => {
  const dir = join(REPO, "test/fixtures/generator-v2");
  const loaded = await checkFolder(join(dir, "tasks"), "generator-v2/legal_01");
  expect(loaded.task.provenance.version).toBe("2");
  const markdown = await Bun.file(join(dir, "reports/legal_01.extractive.md")).text();
  const result = await evaluate(markdown, loaded, { judge: "lexical" });
  expect(scoreOf(result, "recall")).toBeCloseTo(0.9333, 3);
  expect(scoreOf(result, "precision")).toBeCloseTo(0.9333, 3);
  expect(scoreOf(result, "f1")).toBeCloseTo(0.9333, 3);
  expect(scoreOf(result, "topology")).toBeCloseTo(0.6484, 3);
}, 60_000);
