/** @module The task store: read, write and structurally validate task folders `tasks/<suite>/<task_id>/`. */
import { existsSync, lstatSync, realpathSync, statSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import type { z } from "zod";
import {
  type ArtifactEntry,
  ArtifactManifest,
  CorpusManifest,
  DOC_HANDLE,
  parseArtifactId,
  parseTaskRef,
  SAFE_ID,
  Task,
} from "../core/index.ts";
import { jsonPath } from "../core/json-path.ts";
import { decodeUtf8 } from "../core/utf8.ts";
import { FieldError, type FieldIssue, fieldIssues, formatIssue } from "../core/zod-issues.ts";
import { taskIntegrityIssues } from "./task-integrity.ts";

export const DEFAULT_TASK_ROOT = "tasks";
export const TASK_FILE = "task.json";
export const MANIFEST_FILE = "manifest.json";
export const ARTIFACTS_DIR = "artifacts";
/** A suite's company background corpora: `<suite>/_corpus/<id>/` (no task.json, so never listed as a task). */
export const CORPUS_DIR = "_corpus";

/**
 * Size limits of a task folder (docs/data.md, "Task folders are a boundary"): larger files and fields are validation
 * errors naming the file, never loaded (a 50 MB string made a 78 s run and a 52 MB report).
 */
export const LIMITS = {
  /** task.json and artifacts/manifest.json. */
  jsonFileBytes: 8 * 1024 * 1024,
  /** Any one string in task.json or the manifest (a question, a step, an evidence text). */
  stringChars: 200_000,
  /** One realized artifact file (PDF, DOCX, .eml, chat export…). */
  artifactBytes: 25 * 1024 * 1024,
} as const;

const MB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * A task as loaded. When its manifest names a company corpus, `manifest.artifacts` lists the corpus's documents after
 * the task's own (so every reader of the manifest sees the whole environment), and `corpus` says where their files
 * are: read any artifact's file with `artifactPath`.
 */
export type LoadedTask = {
  task: Task;
  manifest: ArtifactManifest;
  dir: string;
  corpus?: { id: string; dir: string; ids: ReadonlySet<string> };
};
export type TaskRef = { suite: string; id: string; ref: string; dir: string };

/** One problem found in a task folder: which file, where in it (JSON path), and what was expected. */
export type StoreIssue = FieldIssue;
export { formatIssue };

/** A malformed or missing task file; the message lists every issue as `file: $.path: expected …`. */
export class TaskStoreError extends FieldError {
  constructor(issues: StoreIssue[]) {
    super(issues);
    this.name = "TaskStoreError";
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
  if (!parsed.success) throw new TaskStoreError(fieldIssues(parsed.error, data, file));
  return parsed.data;
}

/** Every string of `value` longer than `LIMITS.stringChars`, named by `file` and its JSON path. */
function oversizedStrings(
  value: unknown,
  file: string,
  path: (string | number)[] = [],
  out: StoreIssue[] = [],
): StoreIssue[] {
  if (typeof value === "string") {
    if (value.length > LIMITS.stringChars)
      out.push({
        file,
        path: jsonPath(path),
        expected: `expected at most ${LIMITS.stringChars} characters, got ${value.length}`,
      });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      oversizedStrings(v, file, [...path, i], out);
    });
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) oversizedStrings(v, file, [...path, k], out);
  }
  return out;
}

/** A text file of a task folder, decoded as UTF-8; a byte that is not UTF-8 is a TaskStoreError naming the file. */
export async function readTextFile(file: string): Promise<string> {
  const bytes = new Uint8Array(await readFile(file));
  try {
    return decodeUtf8(bytes);
  } catch (error) {
    throw new TaskStoreError([{ file, path: "$", expected: (error as Error).message }]);
  }
}

async function readJson<S extends z.ZodType>(schema: S, file: string): Promise<z.infer<S>> {
  let text: string;
  try {
    const size = (await stat(file)).size;
    if (size > LIMITS.jsonFileBytes)
      throw new TaskStoreError([
        {
          file,
          path: "$",
          expected: `expected at most ${MB(LIMITS.jsonFileBytes)}, the file has ${MB(size)}`,
        },
      ]);
    text = await readTextFile(file);
  } catch (error) {
    if (error instanceof TaskStoreError) throw error;
    throw new TaskStoreError([{ file, path: "$", expected: "expected the file to exist" }]);
  }
  const data = parseWith(schema, text, file);
  const big = oversizedStrings(data, file);
  if (big.length > 0) throw new TaskStoreError(big);
  return data;
}

/** Issues with the manifest's ids and paths that would make two entries one document: repeated ids or paths. */
function duplicateIssues(manifest: ArtifactManifest, manifestFile: string): StoreIssue[] {
  const issues: StoreIssue[] = [];
  for (const field of ["id", "path"] as const) {
    const first = new Map<string, number>();
    manifest.artifacts.forEach((entry, i) => {
      const earlier = first.get(entry[field]);
      if (earlier === undefined) first.set(entry[field], i);
      else
        issues.push({
          file: manifestFile,
          path: `$.artifacts[${i}].${field}`,
          expected: `expected a unique ${field}, "${entry[field]}" is also $.artifacts[${earlier}]`,
        });
    });
  }
  return issues;
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
  issues.push(...taskIntegrityIssues(task, join(dir, TASK_FILE)));
  issues.push(...duplicateIssues(manifest, join(dir, ARTIFACTS_DIR, MANIFEST_FILE)));
  if (issues.length > 0) throw new TaskStoreError(issues);
  if (!manifest.corpus) return { task, manifest, dir };
  const corpusDir = join(dir, "..", CORPUS_DIR, manifest.corpus);
  const corpusFile = join(corpusDir, MANIFEST_FILE);
  const corpus = await readJson(CorpusManifest, corpusFile);
  if (corpus.corpus_id !== manifest.corpus)
    issues.push({
      file: corpusFile,
      path: "$.corpus_id",
      expected: `expected "${manifest.corpus}" (the folder name), got "${corpus.corpus_id}"`,
    });
  const merged = { ...manifest, artifacts: [...manifest.artifacts, ...corpus.artifacts] };
  issues.push(
    ...duplicateIssues(merged, `${join(dir, ARTIFACTS_DIR, MANIFEST_FILE)} with ${corpusFile}`).filter(
      (i) => Number(/\[(\d+)\]/.exec(i.path)?.[1]) >= manifest.artifacts.length,
    ),
  );
  if (issues.length > 0) throw new TaskStoreError(issues);
  return {
    task,
    manifest: merged,
    dir,
    corpus: { id: corpus.corpus_id, dir: corpusDir, ids: new Set(corpus.artifacts.map((a) => a.id)) },
  };
}

/** The file of one of a loaded task's artifacts (its own or its corpus's), checked as `artifactFile` checks. */
export function artifactPath(loaded: LoadedTask, entry: Pick<ArtifactEntry, "id" | "path">): string {
  return loaded.corpus?.ids.has(entry.id)
    ? artifactFile(loaded.corpus.dir, entry.path)
    : artifactFile(join(loaded.dir, ARTIFACTS_DIR), entry.path);
}

/** The folder of a suite's company corpus. */
export function corpusDir(root: string, suite: string, id: string): string {
  if (!SAFE_ID.test(suite) || !SAFE_ID.test(id))
    throw new Error(`corpus "${suite}/${id}": expected safe ids, e.g. demo/quillstone-analytics`);
  return join(root, suite, CORPUS_DIR, id);
}

/** Write a company corpus folder atomically (manifest.json and its files), replacing one of the same id. */
export async function writeCorpus(
  root: string,
  suite: string,
  manifest: CorpusManifest,
  files: readonly TaskFile[],
): Promise<string> {
  const valid = CorpusManifest.parse(manifest);
  const dir = corpusDir(root, suite, valid.corpus_id);
  const tmp = join(dirname(dir), `.${valid.corpus_id}.tmp-${process.pid}`);
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  await writeFile(join(tmp, MANIFEST_FILE), stableJson(valid));
  for (const file of files) {
    const target = insideDir(tmp, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
  }
  const old = join(dirname(dir), `.${valid.corpus_id}.old-${process.pid}`);
  const hadOld = existsSync(dir);
  if (hadOld) await rename(dir, old);
  await rename(tmp, dir);
  if (hadOld) await rm(old, { recursive: true, force: true });
  return dir;
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

/**
 * The tasks a list of targets names: `demo` → every task of the suite, `demo/healthcare_01` → that task, no targets →
 * every task under root. A target that names nothing is an error naming it.
 */
export async function resolveTaskTargets(root: string, targets: readonly string[]): Promise<TaskRef[]> {
  if (targets.length === 0) return listTasks(root);
  const out: TaskRef[] = [];
  for (const target of targets) {
    if (target.includes("/")) {
      const [suite, id] = target.split("/");
      const found = (await listTasks(root, suite)).find((t) => t.id === id);
      if (!found) throw new Error(`no task "${target}" under ${root}`);
      out.push(found);
    } else {
      if (!SAFE_ID.test(target)) throw new Error(`"${target}": expected a suite name or SUITE/TASK_ID`);
      const tasks = await listTasks(root, target);
      if (tasks.length === 0) throw new Error(`no tasks in suite "${target}" under ${root}`);
      out.push(...tasks);
    }
  }
  return out;
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

/**
 * The file an artifact names, resolved and checked: relative, no `..`, no symbolic link leading out of the task's
 * `artifacts/` folder (both sides resolved with realpath), a regular file within `LIMITS.artifactBytes`.
 * Throws an error naming the file and what was expected.
 */
export function artifactFile(artifactsDir: string, rel: string): string {
  const where = `artifact "${rel}" (in ${join(artifactsDir, MANIFEST_FILE)})`;
  if (isAbsolute(rel) || /^[A-Za-z]:[\\/]/.test(rel))
    throw new Error(`${where}: expected a path relative to artifacts/, got an absolute path`);
  if (normalize(rel).split(/[\\/]/).includes(".."))
    throw new Error(`${where}: expected a path inside artifacts/, ".." leaves the folder`);
  const full = insideDir(artifactsDir, rel);
  let real: string;
  try {
    real = realpathSync(full);
  } catch {
    const link = lstatOrNull(full);
    throw new Error(
      link?.isSymbolicLink()
        ? `${where}: a symbolic link to a missing target; expected a file inside artifacts/`
        : `${where}: expected the file to exist`,
    );
  }
  const root = realpathSync(artifactsDir);
  if (!root.startsWith(realpathSync(dirname(artifactsDir)) + sep))
    throw new Error(`${where}: expected artifacts/ inside the task folder, it resolves to ${root}`);
  if (real !== root && !real.startsWith(root + sep))
    throw new Error(
      `${where}: expected a file inside the task folder, it resolves to ${real} (a symbolic link out)`,
    );
  const info = statSync(real);
  if (!info.isFile()) throw new Error(`${where}: expected a regular file`);
  if (info.size > LIMITS.artifactBytes)
    throw new Error(`${where}: expected at most ${MB(LIMITS.artifactBytes)}, the file has ${MB(info.size)}`);
  return real;
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
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
  const folders = new Set<string>();
  for (const file of files) {
    const target = insideDir(tmp, file.path);
    if (!folders.has(dirname(target))) await mkdir(dirname(target), { recursive: true });
    folders.add(dirname(target));
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
 * Structural checks of one task folder: both JSON files parse against their schemas within the size limits, ids
 * agree, every manifest entry has a unique opaque handle (`doc-<12 hex>`, never a role-bearing `<task>_IN_<n>`) and
 * a unique path to a regular file inside `artifacts/` (realpath; no symlink out, no `..`, no absolute path), and names
 * evidence units that task.json defines. Returns every issue (empty when the folder is sound).
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
  issues.push(...taskIntegrityIssues(task, taskFile));
  const evidenceIds = new Set(task.evidence.map((e) => e.id));
  const artifactsDir = join(dir, ARTIFACTS_DIR);
  issues.push(...duplicateIssues(manifest, manifestFile));
  manifest.artifacts.forEach((entry, i) => {
    const at = `$.artifacts[${i}]`;
    if (parseArtifactId(entry.id)) {
      issues.push({
        file: manifestFile,
        path: `${at}.id`,
        expected: `expected an opaque document handle (doc-<12 hex>), got "${entry.id}", which names its role (${entry.role}); regenerate or re-import the task`,
      });
    } else if (!DOC_HANDLE.test(entry.id)) {
      issues.push({
        file: manifestFile,
        path: `${at}.id`,
        expected: `expected an opaque document handle (doc-<12 hex>), got "${entry.id}"`,
      });
    }
    try {
      artifactFile(artifactsDir, entry.path);
    } catch (error) {
      issues.push({ file: manifestFile, path: `${at}.path`, expected: (error as Error).message });
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
