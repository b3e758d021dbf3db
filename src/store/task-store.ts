/** @module The task store: read, write and structurally validate task folders `tasks/<suite>/<task_id>/`. */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, resolve, sep } from "node:path";
import type { z } from "zod";
import { ArtifactManifest, parseArtifactId, parseTaskRef, SAFE_ID, Task } from "../core/index.ts";
import { jsonPath } from "../core/json-path.ts";

export const DEFAULT_TASK_ROOT = "tasks";
export const TASK_FILE = "task.json";
export const MANIFEST_FILE = "manifest.json";
export const ARTIFACTS_DIR = "artifacts";

export type LoadedTask = { task: Task; manifest: ArtifactManifest; dir: string };
export type TaskRef = { suite: string; id: string; ref: string; dir: string };

/** One problem found in a task folder: which file, where in it (JSON path), and what was expected. */
export type StoreIssue = { file: string; path: string; expected: string };

export function formatIssue(issue: StoreIssue): string {
  return `${issue.file}: ${issue.path}: ${issue.expected}`;
}

/** A malformed or missing task file; the message lists every issue as `file: $.path: expected …`. */
export class TaskStoreError extends Error {
  constructor(readonly issues: StoreIssue[]) {
    super(issues.map(formatIssue).join("\n"));
    this.name = "TaskStoreError";
  }
}

function describeReceived(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value.length === 0 ? "an empty string" : `"${value.slice(0, 40)}"`;
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/** Turn a zod issue into "expected …" wording a person can act on. */
function expectation(issue: z.core.$ZodIssue, data: unknown): string {
  const got = describeReceived(valueAt(data, issue.path));
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected === "string" ? "a string" : issue.expected}, got ${got}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1)
        return `expected a non-empty string, got ${got}`;
      if (issue.origin === "array") return `expected at least ${issue.minimum} item(s)`;
      return `expected a ${issue.origin} of at least ${issue.minimum}, got ${got}`;
    case "too_big":
      return `expected a ${issue.origin} of at most ${issue.maximum}, got ${got}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${got}`;
    case "invalid_format":
      return `expected ${issue.message.replace(/^expected /, "")}, got ${got}`;
    default:
      return `expected ${issue.message}`;
  }
}

/** Parse JSON text with a schema; every problem becomes a StoreIssue naming `file` and the JSON path. */
export function parseWith<S extends z.ZodType>(schema: S, text: string, file: string): z.infer<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TaskStoreError([
      { file, path: "$", expected: `expected valid JSON (${(error as Error).message})` },
    ]);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new TaskStoreError(
      parsed.error.issues.map((issue) => ({
        file,
        path: jsonPath(issue.path),
        expected: expectation(issue, data),
      })),
    );
  }
  return parsed.data;
}

async function readJson<S extends z.ZodType>(schema: S, file: string): Promise<z.infer<S>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new TaskStoreError([{ file, path: "$", expected: "expected the file to exist" }]);
  }
  return parseWith(schema, text, file);
}

/** The folder of a task, refusing anything that is not `<suite>/<task_id>` of safe ids. */
export function taskDir(root: string, ref: string): string {
  const { suite, taskId } = parseTaskRef(ref);
  return join(root, suite, taskId);
}

/** Load `suite/task_id` from `root`: task.json and artifacts/manifest.json, both validated. */
export async function loadTask(root: string, ref: string): Promise<LoadedTask> {
  const dir = taskDir(root, ref);
  const task = await readJson(Task, join(dir, TASK_FILE));
  const manifest = await readJson(ArtifactManifest, join(dir, ARTIFACTS_DIR, MANIFEST_FILE));
  const { taskId } = parseTaskRef(ref);
  const issues: StoreIssue[] = [];
  if (task.id !== taskId) {
    issues.push({
      file: join(dir, TASK_FILE),
      path: "$.id",
      expected: `expected "${taskId}" (the folder name), got "${task.id}"`,
    });
  }
  if (manifest.task_id !== task.id) {
    issues.push({
      file: join(dir, ARTIFACTS_DIR, MANIFEST_FILE),
      path: "$.task_id",
      expected: `expected "${task.id}" (task.json id), got "${manifest.task_id}"`,
    });
  }
  if (issues.length > 0) throw new TaskStoreError(issues);
  return { task, manifest, dir };
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Every task folder (one holding task.json) under `root`, or under `root/suite`, sorted by ref. */
export async function listTasks(root: string, suite?: string): Promise<TaskRef[]> {
  if (suite !== undefined && !SAFE_ID.test(suite))
    throw new Error(`suite "${suite}": expected a safe id, e.g. demo`);
  const suites = suite !== undefined ? [suite] : await safeEntries(root);
  const out: TaskRef[] = [];
  for (const s of suites) {
    for (const id of await safeEntries(join(root, s))) {
      const dir = join(root, s, id);
      if (existsSync(join(dir, TASK_FILE))) out.push({ suite: s, id, ref: `${s}/${id}`, dir });
    }
  }
  return out.sort((a, b) => a.ref.localeCompare(b.ref));
}

async function safeEntries(dir: string): Promise<string[]> {
  if (!(await isDir(dir))) return [];
  const names = await readdir(dir);
  const out: string[] = [];
  // hidden folders are writeTask's temporaries (`.<id>.tmp-<pid>`), never tasks
  for (const name of names.sort()) {
    if (!name.startsWith(".") && SAFE_ID.test(name) && (await isDir(join(dir, name)))) out.push(name);
  }
  return out;
}

/** A file of a task folder, relative to the task folder (e.g. `artifacts/drive/policy.pdf`). */
export type TaskFile = { path: string; bytes: Uint8Array | string };

/** Resolve `rel` inside `base`, refusing absolute paths and `..` escapes. */
export function insideDir(base: string, rel: string): string {
  const full = resolve(base, normalize(rel));
  const root = resolve(base);
  if (rel.startsWith("/") || (full !== root && !full.startsWith(root + sep))) {
    throw new Error(`path "${rel}": expected a path inside ${base}`);
  }
  return full;
}

export function stableJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Write a whole task folder atomically: task.json, artifacts/manifest.json and the artifact files go to a
 * temporary sibling folder first, which then replaces `root/suite/<task.id>`.
 */
export async function writeTask(
  root: string,
  suite: string,
  task: Task,
  manifest: ArtifactManifest,
  files: readonly TaskFile[],
): Promise<string> {
  if (!SAFE_ID.test(suite)) throw new Error(`suite "${suite}": expected a safe id, e.g. demo`);
  const valid = Task.parse(task);
  const validManifest = ArtifactManifest.parse(manifest);
  const dir = join(root, suite, valid.id);
  const tmp = join(root, suite, `.${valid.id}.tmp-${process.pid}`);
  await rm(tmp, { recursive: true, force: true });
  await mkdir(join(tmp, ARTIFACTS_DIR), { recursive: true });
  await writeFile(join(tmp, TASK_FILE), stableJson(valid));
  await writeFile(join(tmp, ARTIFACTS_DIR, MANIFEST_FILE), stableJson(validManifest));
  for (const file of files) {
    const target = insideDir(tmp, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
  }
  const old = join(root, suite, `.${valid.id}.old-${process.pid}`);
  const hadOld = existsSync(dir);
  if (hadOld) await rename(dir, old);
  await rename(tmp, dir);
  if (hadOld) await rm(old, { recursive: true, force: true });
  return dir;
}

/**
 * Structural checks of one task folder: both JSON files parse against their schemas, ids agree, every manifest
 * entry follows the `<task>_IN|DI|AD_<n>` convention with a matching role, stays inside `artifacts/`, exists,
 * and names evidence units that task.json defines. Returns every issue (empty when the folder is sound).
 */
export async function validateTaskFolder(dir: string): Promise<StoreIssue[]> {
  const taskFile = join(dir, TASK_FILE);
  const manifestFile = join(dir, ARTIFACTS_DIR, MANIFEST_FILE);
  const issues: StoreIssue[] = [];
  let task: Task | null = null;
  let manifest: ArtifactManifest | null = null;
  try {
    task = await readJson(Task, taskFile);
  } catch (error) {
    if (!(error instanceof TaskStoreError)) throw error;
    issues.push(...error.issues);
  }
  try {
    manifest = await readJson(ArtifactManifest, manifestFile);
  } catch (error) {
    if (!(error instanceof TaskStoreError)) throw error;
    issues.push(...error.issues);
  }
  if (!task || !manifest) return issues;
  const folderId = dir.split(sep).filter(Boolean).pop() ?? "";
  if (task.id !== folderId) {
    issues.push({
      file: taskFile,
      path: "$.id",
      expected: `expected "${folderId}" (the folder name), got "${task.id}"`,
    });
  }
  if (manifest.task_id !== task.id) {
    issues.push({
      file: manifestFile,
      path: "$.task_id",
      expected: `expected "${task.id}", got "${manifest.task_id}"`,
    });
  }
  const evidenceIds = new Set(task.evidence.map((e) => e.id));
  const seen = new Set<string>();
  const artifactsDir = join(dir, ARTIFACTS_DIR);
  manifest.artifacts.forEach((entry, i) => {
    const at = `$.artifacts[${i}]`;
    if (seen.has(entry.id))
      issues.push({
        file: manifestFile,
        path: `${at}.id`,
        expected: `expected a unique id, "${entry.id}" repeats`,
      });
    seen.add(entry.id);
    const parsed = parseArtifactId(entry.id);
    if (!parsed || parsed.taskId !== task.id) {
      issues.push({
        file: manifestFile,
        path: `${at}.id`,
        expected: `expected "${task.id}_IN|DI|AD_<n>", got "${entry.id}"`,
      });
    } else if (parsed.role !== entry.role) {
      issues.push({
        file: manifestFile,
        path: `${at}.role`,
        expected: `expected "${parsed.role}" (from the id), got "${entry.role}"`,
      });
    }
    let full: string | null = null;
    try {
      full = insideDir(artifactsDir, entry.path);
    } catch {
      issues.push({
        file: manifestFile,
        path: `${at}.path`,
        expected: `expected a path inside artifacts/, got "${entry.path}"`,
      });
    }
    if (full && !existsSync(full)) {
      issues.push({
        file: manifestFile,
        path: `${at}.path`,
        expected: `expected the file artifacts/${entry.path} to exist`,
      });
    }
    entry.evidence.forEach((ev, j) => {
      if (!evidenceIds.has(ev)) {
        issues.push({
          file: manifestFile,
          path: `${at}.evidence[${j}]`,
          expected: `expected an evidence id defined in task.json, got "${ev}"`,
        });
      }
    });
  });
  return issues;
}
