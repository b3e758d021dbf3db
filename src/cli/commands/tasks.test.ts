import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../args.ts";
import { runDemoSuite } from "./demo.ts";
import { runProceduralGenerate } from "./generate.ts";
import { runTasks } from "./tasks.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "drflow-cli-tasks-"));
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

function capture() {
  const lines: string[] = [];
  return { lines, log: (s: string) => lines.push(s) };
}

test("generate --procedural writes a suite; tasks list/show/validate read it", async () => {
  const out = capture();
  const code = await runProceduralGenerate(
    [
      "--procedural",
      "--suite",
      "cli",
      "--seed",
      "5",
      "--per-domain",
      "1",
      "--domain",
      "legal",
      "--domain",
      "b2c",
      "--root",
      root,
      // The company background corpus is generate's own concern (test/generate/corpus.test.ts): none here.
      "--corpus-chars",
      "0",
    ],
    out.log,
  );
  expect(code).toBe(0);
  expect(out.lines.at(-1)).toBe(
    `generated 2 task(s) in ${root}/cli (procedural, seed 5, secret from a random draw)`,
  );

  const list = capture();
  expect(await runTasks(["list", "cli", "--root", root], list.log)).toBe(0);
  expect(list.lines[0]).toContain("cli/b2c_01");
  expect(list.lines[0]).toContain("total (2)");

  const show = capture();
  expect(await runTasks(["show", "cli/legal_01", "--root", root], show.log)).toBe(0);
  expect(show.lines[0]).toContain("What exact steps should I take to process a denied insurance claim?");

  const ok = capture();
  expect(await runTasks(["validate", "cli", "--root", root], ok.log)).toBe(0);
  expect(ok.lines.at(-1)).toBe("2 task(s) checked, 0 violation(s)");
}, 60_000);

test("tasks validate lists every violation with its location and exits 1", async () => {
  const file = join(root, "cli", "legal_01", "task.json");
  const task = JSON.parse(await readFile(file, "utf8"));
  task.generic_workflow[2].title = "";
  await writeFile(file, JSON.stringify(task));
  const out = capture();
  expect(await runTasks(["validate", "cli/legal_01", "--root", root], out.log)).toBe(1);
  expect(out.lines).toContain(
    `  ${file}: $.generic_workflow[2].title: expected a non-empty string, got an empty string [schema]`,
  );
}, 60_000);

test("demo validates the suite it finds and prints the summary table", async () => {
  const out = capture();
  const code = await runDemoSuite(["--root", join(import.meta.dir, "../../../tasks")], out.log);
  expect(code).toBe(0);
  const table = out.lines.find((l) => l.startsWith("task "))!;
  expect(table).toContain("steps");
  expect(table).toContain("demo/healthcare_01");
  expect(out.lines.at(-1)).toBe("10 task(s) validated, 0 violation(s)");
}, 60_000);

test("bad flags are usage errors", async () => {
  expect(runProceduralGenerate(["--procedural", "--suite", "../x"])).rejects.toBeInstanceOf(UsageError);
  expect(runProceduralGenerate(["--procedural", "--suite", "a", "--domain", "space"])).rejects.toThrow(
    /expected one of/,
  );
  expect(runTasks(["frobnicate"])).rejects.toBeInstanceOf(UsageError);
}, 60_000);
