import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tasks } from "../../src/cli/commands/tasks.ts";
import { usage } from "../../src/cli/commands/usage.ts";
import { containsNormalized, extractText } from "../../src/extract/index.ts";
import { generateLlmSuite, type SuiteResult } from "../../src/generate/llm/suite.ts";
import { createModel, PRICES } from "../../src/llm/index.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { loadTask, validateTaskFolder } from "../../src/store/task-store.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { fixtureReplier, messagesOf } from "./replier.ts";

const HANDLE_MODEL = "test-model";
let tmp: string;
let server: ScriptedServer;
let store: RunStore;
let result: SuiteResult;
const replier = fixtureReplier({ plant: true });

function rejections(): string[] {
  return server.requests.flatMap((r) =>
    messagesOf(r)
      .filter((m) => m.role === "user" && m.content.startsWith("Your answer was rejected"))
      .map((m) => m.content),
  );
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-gen-llm-"));
  server = await startScriptedServer({ reply: replier.reply });
  store = new RunStore(join(tmp, "runs.sqlite"));
  const handle = `compat:${server.url}#${HANDLE_MODEL}`;
  // The paper's GPT-5.2 construction prices, so per-stage costs are non-zero.
  const prices = {
    ...PRICES,
    models: { ...PRICES.models, [handle]: { input_per_1m: 0.948, output_per_1m: 14.01, roles: [] } },
  };
  const model = createModel(handle, { cache: null, usage: store, prices });
  result = await generateLlmSuite({
    root: join(tmp, "tasks"),
    suite: "llm",
    source: { kind: "domain", domain: "healthcare", n: 2 },
    model,
    store,
    now: () => "2026-03-02T10:00:00.000Z",
  });
}, 120_000);

afterAll(async () => {
  store?.close();
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe("drflow generate --llm end to end (scripted OpenAI-compatible server, real HTTP)", () => {
  test("a two-task suite is generated, realized into files and validates", async () => {
    expect(result.tasks.map((t) => t.task.id)).toEqual(["healthcare_01", "healthcare_02"]);
    for (const t of result.tasks) {
      expect(t.issues).toEqual([]);
      expect(await validateTaskFolder(t.dir)).toEqual([]);
      const loaded = await loadTask(join(tmp, "tasks"), `llm/${t.task.id}`);
      const task = loaded.task;
      expect(task.provenance.generator).toBe("llm");
      expect(task.generic_workflow).toHaveLength(12);
      expect(task.generic_workflow.filter((s) => s.condition).map((s) => s.condition!.id)).toEqual([
        "C3",
        "C6",
        "C9",
      ]);
      expect(
        task.personalized_workflow
          .filter((s) => s.resolved_branch)
          .map((s) => [s.item, s.resolved_branch, s.condition_description]),
      ).toEqual([
        [3, "a", ""],
        [6, "b", ""],
        [9, "a", ""],
      ]);
      // Each condition is resolved by a user insight selecting the personalized branch.
      for (const step of task.personalized_workflow.filter((s) => s.resolved_branch)) {
        const unit = task.evidence.find((e) => e.resolves_conditions.includes(`C${step.item}`));
        expect(unit?.selects_branch).toBe(step.resolved_branch);
      }
      const roles = loaded.manifest.artifacts.map((a) => a.role);
      expect(roles.filter((r) => r === "insight")).toHaveLength(12 + 4);
      expect(roles.filter((r) => r === "distractor")).toHaveLength(6 + 4);
      expect(roles.filter((r) => r === "adjacent")).toHaveLength(2 * 4 * 3);
      expect(task.adjacent_cases.map((c) => c.case_id)).toHaveLength(2);
      // Every file holds its evidence text verbatim (after extraction from PDF, DOCX, EML, chat JSON).
      for (const entry of loaded.manifest.artifacts) {
        const text = await extractText(join(loaded.dir, "artifacts", entry.path), entry.format);
        for (const id of entry.evidence) {
          const unit = task.evidence.find((e) => e.id === id)!;
          expect(containsNormalized(text, unit.text)).toBe(true);
        }
      }
    }
  });

  test("drflow tasks validate accepts the suite like any task", async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => lines.push(args.join(" "));
    try {
      expect(await tasks.run(["validate", "llm", "--root", join(tmp, "tasks")])).toBe(0);
    } finally {
      console.log = log;
    }
    expect(lines.join("\n")).toContain("llm/healthcare_02");
  });

  test("planted errors are caught and regenerated with the error text in the re-prompt", () => {
    expect(replier.planted).toEqual({
      missingCondition: true,
      wrongNumber: true,
      adjacentContradiction: true,
    });
    const texts = rejections();
    expect(
      texts.some((t) =>
        /\* \$\.items: condition C6 \(step 6 "Confirm the decision maker".*\) is not resolved by any user insight/.test(
          t,
        ),
      ),
    ).toBe(true);
    expect(
      texts.some((t) => /\* \$\.content: the value \d+ of the step "[^"]+" is missing or changed/.test(t)),
    ).toBe(true);
    expect(
      texts.some((t) =>
        /\* \$: the value 2026-02-\d\d of the canonical answer is missing or contradicted/.test(t),
      ),
    ).toBe(true);
  });

  test("per-stage token and cost totals appear in drflow usage for the generation run", async () => {
    const run = store.getRun(result.runId);
    expect(run?.kind).toBe("generate");
    expect(run?.status).toBe("done");
    const lines: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => lines.push(args.join(" "));
    try {
      expect(await usage.run(["--run", result.runId, "--store", store.path])).toBe(0);
    } finally {
      console.log = log;
    }
    const out = lines.join("\n");
    for (const stage of ["S1", "S2", "S3", "S4", "S5", "S6", "realize"])
      expect(out).toMatch(new RegExp(`generator\\s+${stage}\\s`));
    expect(result.usage.costUsd).toBeGreaterThan(0);
    expect(out).toContain("$");
  });
});
