import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARTIFACTS_DIR, loadTask } from "../store/task-store.ts";
import { readArtifact, readDocuments } from "./documents.ts";

const FIXTURE = join(import.meta.dir, "../../test/fixtures/env");
const root = mkdtempSync(join(tmpdir(), "drflow-docs-"));
cpSync(FIXTURE, root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a second read of the same files gives the same documents, email and chat metadata included", async () => {
  const loaded = await loadTask(root, "mini/mini_01");
  const first = await readDocuments(loaded, "mixed");
  const again = await readDocuments(loaded, "mixed");
  expect(again).toEqual(first);
  expect(again.find((d) => d.id === "doc-a06c526f7b14")).toMatchObject({
    subject: "Alvarez visit on Thursday",
    author: "ravi@harbor.example",
  });
  expect(again.find((d) => d.id === "doc-ddebd2a1b86d")?.channel).toBe("Scheduling");
});

test("a file whose content changed is extracted again", async () => {
  const loaded = await loadTask(root, "mini/mini_01");
  const entry = loaded.manifest.artifacts.find((a) => a.id === "doc-3289506b5f71")!;
  expect((await readArtifact(loaded, entry)).text).not.toContain("Revised policy");
  writeFileSync(join(loaded.dir, ARTIFACTS_DIR, entry.path), "# Revised policy\n\nNew text.\n");
  expect((await readArtifact(loaded, entry)).text).toBe("# Revised policy\n\nNew text.\n");
});

test("an unreadable file still fails on every read, naming the file and format", async () => {
  const loaded = await loadTask(root, "mini/mini_01");
  const entry = loaded.manifest.artifacts.find((a) => a.id === "doc-ddebd2a1b86d")!;
  writeFileSync(join(loaded.dir, ARTIFACTS_DIR, entry.path), "{ not json");
  for (let i = 0; i < 2; i++) {
    await expect(readArtifact(loaded, entry)).rejects.toThrow(
      /scheduling\.json: expected a readable chat file/,
    );
  }
});
