import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Task } from "../core/index.ts";
import { generateProceduralTask, taskFolder } from "../generate/index.ts";
import { listTasks, loadTask, TaskStoreError, taskDir, validateTaskFolder, writeTask } from "./task-store.ts";

let root: string;
const generated = generateProceduralTask({ taskId: "legal_01", domain: "legal", seed: 3 });
/** What a generator writes: working ids replaced by opaque handles. */
const folder = await taskFolder(generated);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "drflow-store-"));
  await writeTask(root, "s", folder.task, folder.manifest, folder.files);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

async function errorOf(promise: Promise<unknown>): Promise<TaskStoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TaskStoreError) return error;
    throw error;
  }
  throw new Error("expected a TaskStoreError");
}

describe("task store", () => {
  test("write then load round-trips task and manifest", async () => {
    const loaded = await loadTask(root, "s/legal_01");
    expect(loaded.task).toEqual(Task.parse(folder.task));
    expect(loaded.manifest.artifacts.map((a) => a.id)).toEqual(folder.manifest.artifacts.map((a) => a.id));
    expect(loaded.dir).toBe(join(root, "s", "legal_01"));
  }, 60_000);

  test("task.json is a stable, parseable JSON document (schema round trip)", async () => {
    const text = await readFile(join(root, "s", "legal_01", "task.json"), "utf8");
    const parsed = Task.parse(JSON.parse(text));
    expect(`${JSON.stringify(parsed, null, 2)}\n`).toBe(text);
  }, 60_000);

  test("lists tasks by suite", async () => {
    expect((await listTasks(root, "s")).map((t) => t.ref)).toEqual(["s/legal_01"]);
    expect((await listTasks(root)).map((t) => t.ref)).toContain("s/legal_01");
    expect(await listTasks(root, "missing")).toEqual([]);
    await writeTask(root, "hidden", folder.task, folder.manifest, []);
    await rename(join(root, "hidden", "legal_01"), join(root, "hidden", ".legal_01.tmp-1"));
    expect(await listTasks(root, "hidden")).toEqual([]);
  }, 60_000);

  test("refuses path-like references", () => {
    expect(() => taskDir(root, "../etc/passwd")).toThrow(/expected "<suite>\/<task_id>"/);
    expect(() => taskDir(root, "s/..")).toThrow();
  }, 60_000);

  test("a malformed step names the file, the JSON path and the expectation", async () => {
    const dir = join(root, "bad", "legal_01");
    await writeTask(root, "bad", folder.task, folder.manifest, []);
    const raw = JSON.parse(await readFile(join(dir, "task.json"), "utf8"));
    raw.generic_workflow[3].title = "";
    // Any lower-case domain name is a domain (others get the generic profile); "Space Ops" is not a name drflow writes.
    raw.seed.domain = "Space Ops";
    await writeFile(join(dir, "task.json"), JSON.stringify(raw));
    const error = await errorOf(loadTask(root, "bad/legal_01"));
    expect(error.message).toContain(
      `${join(dir, "task.json")}: $.generic_workflow[3].title: expected a non-empty string`,
    );
    expect(error.message).toContain("$.seed.domain: expected a lower-case domain name");
    expect(error.issues).toHaveLength(2);
  }, 60_000);

  test("invalid JSON and missing files are reported with the file name", async () => {
    const dir = join(root, "broken", "legal_01");
    await writeTask(root, "broken", folder.task, folder.manifest, []);
    await writeFile(join(dir, "task.json"), "{ not json");
    const error = await errorOf(loadTask(root, "broken/legal_01"));
    expect(error.message).toStartWith(`${join(dir, "task.json")}: $: expected valid JSON`);
    const missing = await errorOf(loadTask(root, "nowhere/legal_01"));
    expect(missing.message).toContain("expected the file to exist");
  }, 60_000);

  test("validateTaskFolder finds missing artifact files and unknown evidence ids", async () => {
    await writeTask(
      root,
      "partial",
      folder.task,
      {
        ...folder.manifest,
        artifacts: folder.manifest.artifacts.map((a, i) => (i === 0 ? { ...a, evidence: ["nope"] } : a)),
      },
      [],
    );
    const issues = await validateTaskFolder(join(root, "partial", "legal_01"));
    expect(issues.some((i) => i.path === "$.artifacts[0].evidence[0]" && i.expected.includes('"nope"'))).toBe(
      true,
    );
    expect(issues.some((i) => i.path === "$.artifacts[1].path" && i.expected.includes("to exist"))).toBe(
      true,
    );
    expect(await validateTaskFolder(join(root, "s", "legal_01"))).toEqual([]);
  }, 60_000);
});
