/**
 * Generation never mixes two suites: `drflow generate --procedural` into an existing suite exits non-zero naming it;
 * `--replace` leaves only the new tasks (staged beside the suite and renamed into place); `tasks validate` reports a
 * suite whose tasks come from different seeds; suite names are never hidden or dotted folders.
 */
import { afterAll, expect, test } from "bun:test";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateProceduralSuite } from "../../src/generate/index.ts";
import { SuiteExists, writeSuite } from "../../src/store/suite-write.ts";
import { drflow } from "../support/cli.ts";

const root = mkdtempSync(join(tmpdir(), "drflow-suite-replace-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const seeds = (suite: string) =>
  readdirSync(join(root, suite))
    .sort()
    .map((id) => [id, JSON.parse(readFileSync(join(root, suite, id, "task.json"), "utf8")).provenance.seed]);

test("generate --procedural into an existing suite exits 1 naming it; --replace leaves only the new tasks", async () => {
  const gen = (...extra: string[]) =>
    drflow(
      "generate",
      "--procedural",
      "--suite",
      "demo",
      "--root",
      root,
      "--quiet",
      "--corpus-chars",
      "0",
      ...extra,
    );
  expect((await gen("--seed", "7", "--per-domain", "2")).code).toBe(0);
  expect(seeds("demo")).toHaveLength(10);
  const before = readFileSync(join(root, "demo/healthcare_01/task.json"), "utf8");

  const refused = await gen("--seed", "99");
  expect(refused.code).toBe(1);
  expect(refused.err).toContain(
    `suite "demo" already exists at ${join(root, "demo")} with 10 task(s) (procedural seed 7)`,
  );
  expect(refused.err).toContain("--replace");
  // Nothing was written: the old suite is byte for byte the same, and no staging folder is left behind.
  expect(readFileSync(join(root, "demo/healthcare_01/task.json"), "utf8")).toBe(before);
  expect(readdirSync(root)).toEqual(["demo"]);

  const replaced = await gen("--seed", "99", "--per-domain", "1", "--replace");
  expect(replaced.code).toBe(0);
  expect(replaced.out).toContain("the suite's earlier tasks were replaced");
  // Only the 5 new seed-99 tasks: the 5 seed-7 `_02` tasks a plain overwrite kept are gone.
  expect(seeds("demo")).toEqual([
    ["b2b_01", 99],
    ["b2c_01", 99],
    ["education_01", 99],
    ["healthcare_01", 99],
    ["legal_01", 99],
  ]);
  expect(readdirSync(root)).toEqual(["demo"]);
  expect((await drflow("tasks", "validate", "demo", "--root", root)).code).toBe(0);
}, 120_000);

test("tasks validate reports a suite whose tasks come from different seeds", async () => {
  await generateProceduralSuite({
    root,
    suite: "a",
    seed: 7,
    perDomain: 1,
    domains: ["legal"],
    corpusChars: 0,
  });
  await generateProceduralSuite({
    root,
    suite: "b",
    seed: 8,
    perDomain: 2,
    domains: ["legal"],
    corpusChars: 0,
  });
  // Two generations in one folder, as `generate` wrote them before it refused existing suites.
  rmSync(join(root, "a"), { recursive: true });
  mkdirSync(join(root, "a"));
  cpSync(join(root, "b/legal_02"), join(root, "a/legal_02"), { recursive: true });
  await generateProceduralSuite({
    root,
    suite: "c",
    seed: 7,
    perDomain: 1,
    domains: ["legal"],
    corpusChars: 0,
  });
  cpSync(join(root, "c/legal_01"), join(root, "a/legal_01"), { recursive: true });
  const out = await drflow("tasks", "validate", "a", "--root", root);
  expect(out.code).toBe(1);
  expect(out.out).toContain(
    `a: ${join(root, "a")}: $.provenance: expected every task of suite "a" from one generator and seed, got 1 procedural seed 7 (legal_01); 1 procedural seed 8 (legal_02)`,
  );
  expect(out.out).toContain("[suite-mix]");
  expect(out.out.split("\n").at(-1)).toBe("2 task(s) checked, 1 violation(s)");
}, 120_000);

test("a failed generation leaves the old suite as it was; a suite appearing meanwhile is never merged into", async () => {
  await generateProceduralSuite({ root, suite: "keep", seed: 7, perDomain: 1, domains: ["b2b"] });
  const before = readdirSync(join(root, "keep"));
  expect(
    writeSuite(root, "keep", { replace: true }, async (staging) => {
      writeFileSync(join(staging, "keep", "half-written"), "x");
      throw new Error("disk full");
    }),
  ).rejects.toThrow("disk full");
  expect(readdirSync(join(root, "keep"))).toEqual(before);
  // Another writer creates the suite while this one is writing: the rename refuses rather than merge.
  const late = writeSuite(root, "race", {}, async (staging) => {
    mkdirSync(join(root, "race/other_01"), { recursive: true });
    mkdirSync(join(staging, "race", "mine_01"));
  });
  expect(late).rejects.toBeInstanceOf(SuiteExists);
  await late.catch(() => {});
  expect(readdirSync(join(root, "race"))).toEqual(["other_01"]);
  expect(readdirSync(root).filter((n) => n.startsWith("."))).toEqual([]);
}, 120_000);

test("suite names are checked like ids: no hidden, dotted or path-like folder", async () => {
  for (const bad of [".hidden", "...", "a.b", "../x", "a/b", ""]) {
    const out = await drflow("generate", "--procedural", "--suite", bad, "--root", root);
    expect({ bad, code: out.code }).toEqual({ bad, code: 2 });
    expect(out.err).toContain("--suite: expected a suite name");
  }
  expect(existsSync(join(root, ".hidden"))).toBe(false);
});
