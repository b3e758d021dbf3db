/**
 * `drflow generate --llm --resume` acting on human reviews (drflow.task-review/1), against the scripted model server:
 * a flagged user insight sends S5 and later stages back with the reviewer's reason in the prompt; a rejection sends
 * the whole task back from S2; an accepted review asks nothing; bad review files are refused by name.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLlmGenerate } from "../../src/cli/commands/generate-llm.ts";
import { ReviewItem } from "../../src/review/evidence.ts";
import { exportReview } from "../../src/review/export.ts";
import { savePendingReview, TASK_REVIEW_FORMAT, type TaskReview } from "../../src/review/task-review.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { fixtureReplier, promptOf, schemaOf } from "./replier.ts";

let tmp: string;
let server: ScriptedServer;
const root = () => join(tmp, "tasks");

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-resume-"));
  server = await startScriptedServer({ reply: fixtureReplier().reply });
  const lines: string[] = [];
  expect(await runLlmGenerate(args(["--domain", "healthcare", "--n", "1"]), io(lines))).toBe(0);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

function args(extra: string[]): string[] {
  return [
    "--llm",
    "--suite",
    "rev",
    "--model",
    `compat:${server.url}#test-model`,
    "--root",
    root(),
    "--store",
    join(tmp, "runs.sqlite"),
    "--adjacent",
    "0",
    "--quiet",
    ...extra,
  ];
}

const io = (lines: string[]) => ({
  now: () => "2026-03-02T10:00:00Z",
  log: (l: string) => lines.push(l),
  // a resume continues the suite with its secret (docs/generation.md, the suite secret)
  env: { DRFLOW_CACHE_PATH: join(tmp, "cache.sqlite"), DRFLOW_SUITE_SECRET: "resume-secret" },
});

const review = (over: Partial<TaskReview>): TaskReview => ({
  format: TASK_REVIEW_FORMAT,
  suite: "rev",
  task: "healthcare_01",
  decision: "pending",
  reason: "",
  flags: [],
  reviewer: "test",
  updated_at: "",
  ...over,
});

/** Requests sent after `from`, as schema name → prompts. */
function asked(from: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of server.requests.slice(from)) {
    if (r.path.endsWith("/embeddings")) continue;
    out.set(schemaOf(r), [...(out.get(schemaOf(r)) ?? []), promptOf(r)]);
  }
  return out;
}

describe("generate --llm --resume with reviews", () => {
  test("an accepted review without flags asks the server nothing", async () => {
    const file = join(tmp, "accepted.json");
    await writeFile(file, JSON.stringify(review({ decision: "accepted" })));
    const before = server.requests.length;
    const lines: string[] = [];
    expect(await runLlmGenerate(args(["--resume", "--reviews", file]), io(lines))).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(lines).toContain("review (accepted, 0 flag(s)) healthcare_01: nothing to regenerate");
  }, 60_000);

  test("a flagged user insight regenerates S5 on with the reason in the prompt; earlier stages are kept", async () => {
    const loaded = await loadTask(root(), "rev/healthcare_01");
    const insight = loaded.task.evidence.find((e) => e.role === "insight" && e.side === "user")!;
    const reason = "The interpreter fact contradicts the chat where the patient speaks English.";
    // Saved the way the studio saves it: beside the task's stage outputs.
    await savePendingReview(root(), review({ flags: [{ target: "insight", id: insight.id, reason }] }));
    const before = server.requests.length;
    const lines: string[] = [];
    expect(await runLlmGenerate(args(["--resume"]), io(lines))).toBe(0);
    expect(lines[0]).toBe("review (pending, 1 flag(s)) healthcare_01: regenerating from S5 user insights");
    const sent = asked(before);
    expect(sent.get("user_insights")?.[0]).toContain(`insight ${insight.id}: ${reason}`);
    expect(sent.get("user_insights")?.[0]).toContain("A human reviewer rejected an earlier version");
    // The stages before S5 come from the work folder.
    for (const earlier of [
      "dual_contexts",
      "generic_workflow",
      "personalized_workflow",
      "company_distractors",
    ])
      expect(sent.has(earlier)).toBe(false);
    const work = join(root(), "rev", ".work", "healthcare_01");
    expect(existsSync(join(work, "task-review.json"))).toBe(false);
    expect(existsSync(join(work, "task-review.applied.json"))).toBe(true);
    // Consumed: the next resume asks nothing.
    const again = server.requests.length;
    expect(await runLlmGenerate(args(["--resume"]), io([]))).toBe(0);
    expect(server.requests.length).toBe(again);
  }, 60_000);

  test("a flagged file is realized again with the reason in its prompts; no stage is asked", async () => {
    const loaded = await loadTask(root(), "rev/healthcare_01");
    const file = loaded.manifest.artifacts.find((a) => a.format === "eml" && a.role === "insight")!;
    const reason = "Nobody signs an email to a colleague with a full job title.";
    const path = join(tmp, "file.json");
    await writeFile(path, JSON.stringify(review({ flags: [{ target: "artifact", id: file.id, reason }] })));
    const before = server.requests.length;
    const lines: string[] = [];
    expect(await runLlmGenerate(args(["--resume", "--reviews", path]), io(lines))).toBe(0);
    expect(lines[0]).toBe("review (pending, 1 flag(s)) healthcare_01: 1 file(s) realized again");
    const sent = asked(before);
    const stages = [
      "dual_contexts",
      "generic_workflow",
      "company_distractors",
      "personalized_workflow",
      "user_insights",
      "user_distractors",
    ];
    for (const schema of stages) expect(sent.has(schema)).toBe(false);
    const prompts = [...sent.values()].flat();
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.every((p) => p.includes(`${file.title}: ${reason}`))).toBe(true);
  }, 60_000);

  test("the §C.2 step review's rejected rows (review.csv) send the personalized workflow back", async () => {
    const csv = join(tmp, "review.csv");
    const reason = "The solver could not find the interpreter requirement in the cited records.";
    await exportReview(
      [
        ReviewItem.parse({
          task: "healthcare_01",
          item: 3,
          title: "Arrange an interpreter",
          status: "unsupported",
          verdict: "mismatch",
          cause: "different_value",
          reason,
          question: "q",
          gold: "g",
          solver_answer: "a",
          knowable: false,
          cited: [],
          decision: "rejected",
        }),
      ],
      csv,
    );
    const before = server.requests.length;
    const lines: string[] = [];
    expect(await runLlmGenerate(args(["--resume", "--reviews", csv]), io(lines))).toBe(0);
    expect(lines[0]).toBe(
      "review (pending, 1 flag(s)) healthcare_01: regenerating from S4 personalized workflow",
    );
    expect(asked(before).get("personalized_workflow")?.[0]).toContain(`personalized step 3: ${reason}`);
  }, 60_000);

  test("a rejected task is regenerated from S2 with the task's reason in every stage prompt", async () => {
    const file = join(tmp, "rejected.json");
    const reason = "The workflow reads like a generic checklist, not this clinic's consent policy.";
    await writeFile(file, JSON.stringify([review({ decision: "rejected", reason })]));
    const before = server.requests.length;
    expect(await runLlmGenerate(args(["--resume", "--reviews", file]), io([]))).toBe(0);
    const sent = asked(before);
    for (const schema of ["dual_contexts", "generic_workflow", "personalized_workflow", "user_insights"])
      expect(sent.get(schema)?.[0]).toContain(`the task as a whole: ${reason}`);
  }, 60_000);

  test("bad review files and resumes are refused with the file and field", async () => {
    const bad = join(tmp, "bad.json");
    await writeFile(bad, JSON.stringify(review({ flags: [{ target: "insight", id: "x", reason: "" }] })));
    await expect(runLlmGenerate(args(["--resume", "--reviews", bad]), io([]))).rejects.toThrow(
      `${bad}: $.flags.0.reason: expected a reason`,
    );
    const other = join(tmp, "other.json");
    await writeFile(other, JSON.stringify(review({ task: "legal_07" })));
    await expect(runLlmGenerate(args(["--resume", "--reviews", other]), io([]))).rejects.toThrow(
      /task rev\/legal_07 has no stored seed/,
    );
    await writeFile(other, JSON.stringify({ task: "x" }));
    await expect(runLlmGenerate(args(["--resume", "--reviews", other]), io([]))).rejects.toThrow(
      `${other}: $.format: `,
    );
    await expect(
      runLlmGenerate([...args(["--resume"]).map((a) => (a === "rev" ? "empty" : a))], io([])),
    ).rejects.toThrow(/nothing to resume/);
  }, 60_000);
});
