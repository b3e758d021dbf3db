import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateLlmSuite } from "../../src/generate/llm/suite.ts";
import { createModel } from "../../src/llm/index.ts";
import type { Model } from "../../src/llm/types.ts";
import { type ReviewItem, validateTaskEvidence } from "../../src/review/evidence.ts";
import { exportReview, importReview, readReview } from "../../src/review/export.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { fixtureReplier, promptOf, schemaOf } from "./replier.ts";

let tmp: string;
let server: ScriptedServer;
let model: Model;
let items: ReviewItem[];
const root = () => join(tmp, "tasks");

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-review-"));
  server = await startScriptedServer({ reply: fixtureReplier().reply });
  model = createModel(`compat:${server.url}#test-model`, { cache: null });
  await generateLlmSuite({
    root: root(),
    suite: "rev",
    source: { kind: "domain", domain: "healthcare", n: 1 },
    model,
    adjacentCases: 0,
    now: () => "2026-03-02T10:00:00Z",
  });
  items = await validateTaskEvidence(model, await loadTask(root(), "rev/healthcare_01"), "gen-rev");
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe("task validation (§C.2): evidence sufficiency per gold step", () => {
  test("the solver sees only the cited artifacts; an unsupported step is reported for review", async () => {
    expect(items).toHaveLength(12);
    const solverPrompts = server.requests.filter((r) => schemaOf(r) === "evidence_answer").map(promptOf);
    expect(solverPrompts).toHaveLength(12);
    // Step 3 is cited by its company insight and the user insight that resolves C3 — and nothing else.
    const step3 = items.find((i) => i.item === 3)!;
    expect(step3.cited).toHaveLength(2);
    // cited by opaque handles; the manifest (gold side) says both are insights
    const { manifest } = await loadTask(root(), "rev/healthcare_01");
    const roleOf = (id: string) => manifest.artifacts.find((a) => a.id === id)?.role;
    expect(step3.cited.map(roleOf)).toEqual(["insight", "insight"]);
    expect(step3.cited.every((id) => /^doc-[0-9a-f]{12}$/.test(id))).toBe(true);
    const prompt3 = solverPrompts.find((p) => p.includes('"Arrange language support"'))!.replace(/\s+/g, " ");
    expect(prompt3).toContain("preferred language is Spanish");
    expect(prompt3).not.toContain("Parking permit");
    expect(items.filter((i) => i.status === "pass")).toHaveLength(11);
    const flagged = items.find((i) => i.status !== "pass")!;
    expect([flagged.item, flagged.status, flagged.cause]).toEqual([11, "unsupported", "candidate_abstained"]);
    // Only the flagged step goes to the full-project audit (C.2.3), which sees every record of the task.
    const audits = server.requests.filter((r) => schemaOf(r) === "full_project_audit").map(promptOf);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatch(/All project records: \[doc-[0-9a-f]{12}\]/);
    expect(audits[0]).not.toMatch(/_(IN|DI|AD)_\d/);
    expect([flagged.audit_verdict, flagged.audit_category, flagged.audit_note]).toEqual([
      "fix",
      "evidence_insufficient",
      "No record says how the signed form is scanned.",
    ]);
  });

  test("review export (CSV, JSON) and import of accepted / revised decisions", async () => {
    const csv = join(tmp, "review.csv");
    const json = join(tmp, "review.json");
    await exportReview(items, csv);
    await exportReview(items, json);
    expect((await readReview(json)).map((i) => i.item)).toEqual(items.map((i) => i.item));
    // The reviewer edits the CSV: revises the flagged step, accepts step 1.
    const back = await readReview(csv);
    expect(back).toEqual(items);
    const edited = back.map((i) =>
      i.item === 11
        ? {
            ...i,
            decision: "revised" as const,
            revision: "Scan the signed form into the record within 12 days.",
          }
        : i.item === 1
          ? { ...i, decision: "accepted" as const }
          : i,
    );
    await exportReview(edited, csv);
    const applied = await importReview(root(), "rev", await readReview(csv));
    expect(applied).toEqual({ accepted: 1, revised: 1, rejected: 0, pending: 10 });
    const task = (await loadTask(root(), "rev/healthcare_01")).task;
    expect(task.personalized_workflow.find((s) => s.item === 11)!.task_description).toBe(
      "Scan the signed form into the record within 12 days.",
    );
    const log = JSON.parse(
      await readFile(join(root(), "rev", ".work", "healthcare_01", "review.decisions.json"), "utf8"),
    );
    expect(log.map((d: ReviewItem) => [d.item, d.decision])).toEqual([
      [1, "accepted"],
      [11, "revised"],
    ]);
  });

  test("a malformed review row names the file and row", async () => {
    const bad = join(tmp, "bad.csv");
    await writeFile(bad, "task,item,title,status\n../x,1,t,pass\n");
    await expect(readReview(bad)).rejects.toThrow(/bad\.csv: row 2, task/);
  });
});
