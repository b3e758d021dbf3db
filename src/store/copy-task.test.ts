import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateProceduralSuite } from "../generate/index.ts";
import { copyTaskFolder } from "./copy-task.ts";
import { CORPUS_DIR, loadTask } from "./task-store.ts";

const REPO = resolve(import.meta.dir, "../..");
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});
const fresh = () => {
  const root = mkdtempSync(join(tmpdir(), "drflow-copy-task-"));
  roots.push(root);
  return root;
};

test("a task copied alone to another root and suite loads with its company corpus", async () => {
  const from = fresh();
  await generateProceduralSuite({
    root: from,
    suite: "s",
    seed: 91,
    perDomain: 1,
    domains: ["legal"],
    corpusChars: 20_000,
  });
  const original = await loadTask(from, "s/legal_01");
  expect(original.corpus).toBeDefined();
  const to = fresh();
  expect(copyTaskFolder(from, "s/legal_01", to, "t")).toBe(original.corpus!.id);
  expect(readdirSync(join(to, "t")).sort()).toEqual([CORPUS_DIR, "legal_01"]);
  const copy = await loadTask(to, "t/legal_01");
  expect(copy.corpus?.id).toBe(original.corpus!.id);
  expect(copy.manifest.artifacts).toEqual(original.manifest.artifacts);
  // copied again (as a second task of the company would be), the corpus already there is kept
  expect(copyTaskFolder(from, "s/legal_01", to, "t")).toBe(original.corpus!.id);
  expect((await loadTask(to, "t/legal_01")).manifest.artifacts).toEqual(original.manifest.artifacts);
}, 60_000);

test("a folder without a corpus is copied alone", async () => {
  const root = fresh();
  const from = join(REPO, "test/fixtures/generator-v2/tasks");
  expect(copyTaskFolder(from, "generator-v2/legal_01", root)).toBeNull();
  expect(readdirSync(join(root, "generator-v2"))).toEqual(["legal_01"]);
  expect((await loadTask(root, "generator-v2/legal_01")).manifest.artifacts.length).toBeGreaterThan(0);
});
