/**
 * The extractive agent on real task folders (the committed demo suite): realized files → embedded Env → agent →
 * lexical judge. Asserts cited steps, resolved conditions, a recall floor, and that the agent never sees gold data.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractive } from "../../src/agents/extractive/index.ts";
import { runAgent } from "../../src/agents/run.ts";
import type { Report, Split } from "../../src/core/index.ts";
import { loadEnv } from "../../src/env/load.ts";
import { evaluate } from "../../src/judge/evaluate.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { type LoadedTask, loadTask } from "../../src/store/task-store.ts";

const ROOT = join(import.meta.dir, "../../tasks");
// On the demo drawn with its secret the rules extract or resolve too few decisions on healthcare_01 (4 of 6
// extracted), healthcare_02 (2 resolved) and education_01 (5 of 6); legal_01 and b2b_01 meet the floor. Open.
const REF = "demo/legal_01";

async function runOn(loaded: LoadedTask, split: Split): Promise<Report> {
  const env = await loadEnv(loaded, { split });
  try {
    return (await runAgent(extractive(), env, null, { runId: "t" })).report;
  } finally {
    await env.close();
  }
}

const scratch: string[] = [];
afterAll(() => {
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

describe(`extractive agent on ${REF}`, () => {
  test("every step is cited, conditions are resolved, the lexical judge finds recall above a floor", async () => {
    const loaded = await loadTask(ROOT, REF);
    const report = await runOn(loaded, "original");
    const gold = loaded.task.generic_workflow;
    expect(report.generic_workflow.length).toBeGreaterThanOrEqual(Math.ceil(gold.length * 0.6));
    const keys = new Set(report.references.map((r) => r.key));
    for (const step of [...report.generic_workflow, ...report.personalized_workflow]) {
      expect(step.citations.length).toBeGreaterThan(0);
      for (const c of step.citations) expect(keys.has(c)).toBe(true);
    }
    // Every reference is a document of this task's environment (no invented sources).
    const ids = new Set(loaded.manifest.artifacts.map((a) => a.id));
    for (const r of report.references) expect(ids.has(r.source_id)).toBe(true);
    // Conditions: extracted and mostly resolved from the user's evidence.
    const conditional = gold.filter((s) => s.condition !== null).length;
    expect(report.condition_resolution.length).toBeGreaterThanOrEqual(conditional);
    expect(report.condition_resolution.filter((r) => r.resolved).length).toBeGreaterThanOrEqual(
      Math.ceil(conditional / 2),
    );
    const result = await evaluate(report, loaded, { judge: "lexical" });
    const value = (m: string) => result.metrics.find((r) => r.metric === m)?.value ?? 0;
    expect(value("recall")).toBeGreaterThanOrEqual(0.6);
    expect(value("factuality")).toBeGreaterThan(0);
  });

  test("the agent never reads gold: blanking task.json's workflows and evidence leaves the report unchanged", async () => {
    const loaded = await loadTask(ROOT, REF);
    const dir = mkdtempSync(join(tmpdir(), "drflow-nogold-"));
    scratch.push(dir);
    const [suite, id] = REF.split("/") as [string, string];
    copyTaskFolder(ROOT, REF, dir);
    const file = join(dir, suite, id, "task.json");
    const task = JSON.parse(readFileSync(file, "utf8"));
    const blank = {
      item: 1,
      title: "x",
      task: "x",
      task_description: "x",
      condition_description: "",
      prerequisite: "",
      prerequisite_description: "",
      condition: null,
    };
    task.generic_workflow = [blank];
    task.personalized_workflow = [{ ...blank, answer: "", resolved_branch: null, justification: "x" }];
    task.generic_context = "";
    task.personal_context = "";
    task.evidence = task.evidence.map((e: { text: string }) => ({
      ...e,
      text: "x",
      answer: "",
      justification: "",
    }));
    writeFileSync(file, JSON.stringify(task));
    const blinded = await loadTask(dir, REF);
    for (const split of ["original", "mixed"] as const) {
      expect(await runOn(blinded, split)).toEqual(await runOn(loaded, split));
    }
  });
});

/** The agent's step inventory on one split: generic step titles in order and the documents they cite. */
async function inventory(loaded: LoadedTask, split: Split) {
  const env = await loadEnv(loaded, { split });
  try {
    const shared = (await env.list())
      .filter((d) => !["email", "chat", "files"].includes(d.app))
      .map((d) => d.id)
      .sort();
    const report = (await runAgent(extractive(), env, null, { runId: "t" })).report;
    const sourceOf = new Map(report.references.map((r) => [r.key, r.source_id]));
    const cited = new Set(report.generic_workflow.flatMap((s) => s.citations.map((c) => sourceOf.get(c))));
    return { shared, titles: report.generic_workflow.map((s) => s.title), cited: [...cited].sort() };
  } finally {
    await env.close();
  }
}

// The mixed split only adds other cases' mail, chat and files: which policy documents the agent reads, and so which
// steps it recovers, must not hinge on how those extra documents move the search ranks. (education_01 once lost half
// its steps on the original split: the selection kept documents by search rank, and two cross-references were missed.)
describe("extractive agent: the step inventory does not depend on the split", () => {
  for (const ref of ["demo/education_01", "demo/healthcare_01"]) {
    test(ref, async () => {
      const loaded = await loadTask(ROOT, ref);
      const original = await inventory(loaded, "original");
      const mixed = await inventory(loaded, "mixed");
      // precondition: the company documents (policies and distractors) are the same in both splits
      expect(mixed.shared).toEqual(original.shared);
      // a floor, not a target: steps implied by forms or run together in prose are missed by design (issue 27)
      expect(original.titles.length).toBeGreaterThanOrEqual(
        Math.ceil(loaded.task.generic_workflow.length * 0.6),
      );
      // the same steps; their order may differ where no reference orders two documents and search rank breaks the tie
      // (references name prerequisites by purpose since issue 27, not by a quote a matcher can follow)
      expect([...mixed.titles].sort()).toEqual([...original.titles].sort());
      expect(mixed.cited).toEqual(original.cited);
    });
  }
});
