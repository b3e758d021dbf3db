/**
 * DRBench end to end through the CLI on the two real sample tasks: `drflow import drbench` → `drflow tasks validate`
 * (exit 0 under the DRBench profile) → `drflow tasks show` (sub-questions, web-only insights) → `drflow eval` with the
 * offline `brief` agent (DRBench's metrics, non-trivial insight recall) → `drflow run` (a research report citing files).
 */
import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureCli } from "../support/cli.ts";

setDefaultTimeout(120_000);
const dir = mkdtempSync(join(tmpdir(), "drflow-drbench-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, "tasks");
const SAMPLE = join(import.meta.dir, "../fixtures/drbench-sample/tasks");

const capture = captureCli;

test("import, validate, show, eval and run a DRBench suite", async () => {
  const imported = await capture(["import", "drbench", SAMPLE, "--root", root]);
  expect(imported.code).toBe(0);

  const validated = await capture(["tasks", "validate", "drbench", "--root", root]);
  expect(validated.out).toContain("2 task(s) checked, 0 violation(s)");
  expect(validated.code).toBe(0);

  const shown = await capture(["tasks", "show", "drbench/DR0002", "--root", root]);
  expect(shown.out).toContain("DRBench task · industry retail · domain sales · difficulty easy");
  expect(shown.out).toContain("subquestions (0):");
  expect(shown.out).toContain("insights (7; 3 web-only");
  expect(shown.out).toMatch(
    /EX0000 +\[web only: https:\/\/www\.bcg\.com\/publications\/2024\/personalization-in-action\]/,
  );

  const store = join(dir, "runs.sqlite");
  const evaluated = await capture([
    "eval",
    "--suite",
    "drbench",
    "--agents",
    "brief",
    "--root",
    root,
    "--store",
    store,
    "--no-index",
  ]);
  expect(evaluated.code).toBe(0);
  const header = evaluated.out.split("\n")[0]!;
  for (const col of ["Insight Rec.", "Distr. Avoid.", "Fact.", "Report Q.", "Rec. (reach.)"])
    expect(header).toContain(col);
  expect(header).not.toContain("Topo.");
  const row = evaluated.out.split("\n").find((l) => l.startsWith("brief"))!;
  const [recall, avoidance, factuality] = row
    .split(/\s{2,}/)
    .slice(4, 7)
    .map(Number);
  expect(recall).toBeGreaterThanOrEqual(25);
  expect(avoidance).toBe(100);
  expect(factuality).toBeGreaterThanOrEqual(90);

  const report = join(dir, "dr0003.md");
  const ran = await capture([
    "run",
    "--agent",
    "brief",
    "--task",
    "drbench/DR0003",
    "--root",
    root,
    "--store",
    store,
    "--out",
    report,
    "--judge",
    "lexical",
    "--quiet",
  ]);
  expect(ran.code).toBe(0);
  expect(ran.err).toMatch(/research report, \d+ findings, \d+ references/);
  expect(readFileSync(report, "utf8")).toContain("[drive/loyalty-programs-insights.md]");

  const refused = await capture([
    "run",
    "--agent",
    "extractive",
    "--task",
    "drbench/DR0003",
    "--root",
    root,
    "--store",
    store,
  ]);
  expect(refused.code).not.toBe(0);
  expect(refused.err).toContain("cannot serve drbench task DR0003");
});
