/** `drflow judge` end to end: a report file scored with the lexical judge, and a stored run re-scored by another judge without re-running anything. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { renderReportMarkdown } from "../../src/judge/index.ts";
import { RunStore } from "../../src/store/run-store.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";
import { startScriptedServer } from "../support/scripted-server.ts";
import { dropSteps, goldReport } from "./construct.ts";
import { loadFixtureTask } from "./fixture.ts";

let loaded: LoadedTask;
let root: string;
let work: string;
let server: Awaited<ReturnType<typeof startScriptedServer>>;

/** Run `drflow judge` in a child process (asynchronously: the scripted server answers from this process). */
async function drflow(...args: string[]) {
  const child = Bun.spawn(["bun", "src/cli/main.ts", "judge", ...args], {
    cwd: join(import.meta.dir, "../.."),
    env: { ...process.env, DRFLOW_CACHE: "off" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  loaded = await loadFixtureTask();
  root = dirname(dirname(loaded.dir));
  work = await mkdtemp(join(tmpdir(), "drflow-judge-cli-"));
  // A judge model that matches every step to its own item and finds everything factual.
  server = await startScriptedServer({
    reply: (req) => {
      const prompt = (req.body as { messages: { content: string }[] }).messages[0]!.content;
      const item = /- Item: (\d+)\s+- Title:/.exec(prompt)?.[1];
      const gold = /- ID: WORKFLOW_STEP_(\d+)/.exec(prompt)?.[1];
      if (prompt.startsWith("You are evaluating whether a predicted workflow step semantically"))
        return {
          content: JSON.stringify({
            matched: true,
            matched_gold_id: `WORKFLOW_STEP_${item}`,
            confidence: 0.95,
            justification: "same",
          }),
        };
      if (prompt.startsWith("You are evaluating whether a ground truth"))
        return {
          content: JSON.stringify({
            matched: true,
            matched_pred_item: Number(gold),
            confidence: 0.9,
            justification: "covered",
          }),
        };
      if (prompt.includes("properly resolves the conditions"))
        return {
          content: JSON.stringify({
            score: 1,
            level: "resolved",
            justification: "routes through the right branch",
          }),
        };
      if (prompt.includes("comprehensiveness and personalization"))
        return {
          content: JSON.stringify({
            specificity: 0.8,
            personalization: 0.8,
            completeness: 0.8,
            actionability: 0.8,
            overall_score: 0.8,
            justification: "good",
            missing_details: [],
          }),
        };
      return { content: "<factual>true</factual> <explanation>supported</explanation>" };
    },
  });
});
afterAll(async () => {
  await server.close();
});

test("--task --report --judge lexical prints the seven metrics and the per-step alignment table", async () => {
  const file = join(work, "report.md");
  await writeFile(file, renderReportMarkdown(dropSteps(goldReport(loaded), 2).report));
  const out = await drflow(
    "--task",
    "fixture/fixture_01",
    "--report",
    file,
    "--judge",
    "lexical",
    "--root",
    root,
  );
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  for (const label of [
    "Factuality",
    "Recall",
    "Precision",
    "F1",
    "Topology",
    "Condition Resolution",
    "Personalized Comprehensiveness",
  ])
    expect(out.stdout).toContain(label);
  expect(out.stdout).toMatch(/Recall\s+75\.00\s+8\s+0/);
  expect(out.stdout).toContain("precision alignment (predicted step → golden step):");
  expect(out.stdout).toMatch(/PRED_STEP_1\s+.*WORKFLOW_STEP_1\s+WORKFLOW_STEP_1\s+\d\.\d{3}\s+aligned/);

  const explained = await drflow(
    "--task",
    "fixture/fixture_01",
    "--report",
    file,
    "--root",
    root,
    "--explain",
  );
  expect(explained.code).toBe(0);
  expect(explained.stdout).toContain("why: task fixture_01 · judge lexical");
  expect(explained.stdout).toMatch(/Recall: 75\.00 \(scored\) — 8 decisions, 8 scored, 6 credited/);
  expect(explained.stdout).toMatch(/PRED_STEP_1 "[^"]+" → WORKFLOW_STEP_1 "[^"]+": 1 sim \d\.\d{3}/);
  expect(explained.stdout).toMatch(/best cited chunk \[fixture_01_IN_\d\]: /);
  expect(explained.stdout).toMatch(/credited: [^\n]*p-0042/i);
});

test("--run re-scores a stored report with another judge, stored beside the first, without re-running the agent", async () => {
  const storePath = join(work, "runs.sqlite");
  const store = new RunStore(storePath);
  store.saveRun({
    id: "run-1",
    kind: "agent",
    task: "fixture/fixture_01",
    agent: "extractive",
    status: "done",
    started_at: "2026-01-01T00:00:00Z",
  });
  store.saveReport("run-1", goldReport(loaded), "2026-01-01T00:00:00Z");
  store.close();

  const lexical = await drflow("--run", "run-1", "--root", root, "--store", storePath);
  expect(lexical.code).toBe(0);
  expect(lexical.stdout).toContain("stored under run run-1");
  const llm = await drflow(
    "--run",
    "run-1",
    "--root",
    root,
    "--store",
    storePath,
    "--judge",
    `compat:${server.url}#judge-model`,
    "--protocol",
    "per-step",
  );
  expect(llm.stderr).toBe("");
  expect(llm.code).toBe(0);
  expect(llm.stdout).toMatch(/Personalized Comprehensiveness\s+80\.00/);

  const check = new RunStore(storePath);
  const rows = check.metrics({ metric: "f1" });
  check.close();
  expect(rows.map((r) => r.result.judge.judge).sort()).toEqual(["lexical", "llm"]);
  expect(rows.every((r) => r.run_id === "run-1" && r.result.value === 1)).toBe(true);
  // Only judge calls reached the model: no agent ran.
  const stages = server.requests.map((r) =>
    (r.body as { messages: { content: string }[] }).messages[0]!.content.slice(0, 40),
  );
  expect(stages.every((s) => /evaluating|Given the following/.test(s))).toBe(true);
});

test("usage mistakes are reported with the usage line", async () => {
  const out = await drflow("--task", "fixture/fixture_01");
  expect(out.code).toBe(2);
  expect(out.stderr).toContain("give --run <id>, or --task and --report");
});

test("a file that is no workflow report is refused naming it, not scored as zeros", async () => {
  const junk = join(work, "junk.md");
  await writeFile(junk, "hello\n");
  const out = await drflow(
    "--task",
    "fixture/fixture_01",
    "--report",
    junk,
    "--root",
    root,
    "--judge",
    "lexical",
  );
  expect(out.code).toBe(2);
  expect(out.stderr).toContain(`--report: ${junk} is not a workflow report`);
  expect(out.stdout).toBe("");
}, 30_000);
