/** `drflow eval` and `drflow run` end to end on two demo tasks (extractive agent, lexical judge, temp run store). */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RunStore } from "../../src/store/run-store.ts";
import { captureCli } from "../support/cli.ts";
import { replaceEnv } from "../support/env-vars.ts";

const dir = mkdtempSync(join(tmpdir(), "drflow-eval-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const capture = captureCli;

test("drflow eval prints the summary; the same command again reads every cell back", async () => {
  const store = join(dir, "runs.sqlite");
  const argv = [
    "eval",
    "--suite",
    "demo",
    "--agents",
    "extractive",
    "--split",
    "original,mixed",
    "--tasks",
    "healthcare_01,b2b_01",
    "--store",
    store,
    "--index-dir",
    join(dir, "env"),
  ];
  const first = await capture(argv);
  expect(first.code).toBe(0);
  expect(first.out).toMatch(/extractive\s+none\s+mixed\s+2/);
  expect(first.out).toMatch(/extractive\s+none\s+original\s+2/);
  expect(first.err).toContain("4 cells ran, 0 read back");
  const second = await capture(argv);
  expect(second.err).toContain("0 cells ran, 4 read back");
  // The same table: resumed results are the stored ones.
  expect(second.out).toBe(first.out);
  const runs = new RunStore(store);
  try {
    expect(runs.listRuns({ status: "done" })).toHaveLength(4);
    expect(runs.metrics({ metric: "f1" })).toHaveLength(4);
  } finally {
    runs.close();
  }
});

test("drflow run writes the report Markdown and records the run", async () => {
  const out = join(dir, "report.md");
  const store = join(dir, "run.sqlite");
  const r = await capture([
    "run",
    "--agent",
    "extractive",
    "--task",
    "demo/legal_01",
    "--split",
    "mixed",
    "--out",
    out,
    "--judge",
    "lexical",
    "--store",
    store,
    "--quiet",
  ]);
  expect(r.code).toBe(0);
  expect(existsSync(out)).toBe(true);
  const md = readFileSync(out, "utf8");
  expect(md).toContain("## 1. Generic Enterprise Workflow");
  expect(md).toContain("## References");
  expect(r.err).toMatch(/F1\s+\d/);
  const runs = new RunStore(store);
  try {
    const [run] = runs.listRuns({});
    expect(run?.status).toBe("done");
    expect(runs.getReport(run!.id)?.generic_workflow.length).toBeGreaterThan(0);
    // A run id names one run: running again under it is refused, the stored run untouched.
    const again = await capture([
      ...["run", "--agent", "extractive", "--task", "demo/legal_01", "--store", store, "--quiet"],
      ...["--run-id", run!.id, "--out", join(dir, "again.md")],
    ]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`run id ${run!.id} is already a run`);
    expect(runs.getRun(run!.id)?.split).toBe("mixed");
  } finally {
    runs.close();
  }
});

test("an LLM agent without --models runs with the agent role's model, whose missing key names the variables", async () => {
  const restore = replaceEnv(["DRFLOW_AGENT_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"]);
  try {
    const r = await capture([
      ...["eval", "--suite", "demo", "--tasks", "healthcare_01", "--agents", "basic", "--no-index"],
      ...["--store", join(dir, "x.sqlite")],
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("openai:gpt-5.2");
    expect(r.err).toContain("OPENAI_API_KEY");
    expect(r.err).toContain("DRFLOW_AGENT_MODEL");
  } finally {
    restore();
  }
});
