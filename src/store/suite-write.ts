/**
 * @module Writing a whole suite `tasks/<suite>/`: refused over an existing suite unless the caller asks to replace it,
 * so two generations never mix in one folder; written into a hidden staging folder beside it and renamed into place
 * when every task is written, so a reader sees the old suite or the new one, never half of each.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { SUITE_NAME, taskIdOf } from "../core/index.ts";
import { listTasks, TASK_FILE } from "./task-store.ts";

/** A suite name that could not be a suite folder (hidden, dotted, a path). */
export function checkSuiteName(suite: string): void {
  if (!SUITE_NAME.test(suite))
    throw new Error(
      `suite "${suite}": expected a name of letters, digits, '_' and '-' starting with a letter or digit (no hidden or dotted folders), e.g. demo`,
    );
}

/** What an existing suite folder holds: its task count and where its tasks come from (generator and seed). */
export type ExistingSuite = { dir: string; tasks: number; sources: string[] };

/** Generating into a suite that already exists: refused unless replacing. */
export class SuiteExists extends Error {
  constructor(
    readonly suite: string,
    readonly existing: ExistingSuite,
  ) {
    const held =
      existing.tasks === 0
        ? "no task, but files"
        : `${existing.tasks} task(s)${existing.sources.length ? ` (${existing.sources.join("; ")})` : ""}`;
    super(
      `suite "${suite}" already exists at ${existing.dir} with ${held}: writing into it would mix two generations. Replace it explicitly (drflow generate … --replace; POST /generate {"replace": true}), which removes its tasks first, or choose another suite name`,
    );
    this.name = "SuiteExists";
  }
}

/** The suite folder's contents, or null when it does not exist or is empty. */
export async function existingSuite(root: string, suite: string): Promise<ExistingSuite | null> {
  checkSuiteName(suite);
  const dir = join(root, suite);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return null;
  }
  if (entries.length === 0) return null;
  const tasks = await listTasks(root, suite);
  const sources = new Map<string, number>();
  for (const t of tasks) {
    const key = await taskSource(join(t.dir, TASK_FILE));
    sources.set(key, (sources.get(key) ?? 0) + 1);
  }
  return {
    dir,
    tasks: tasks.length,
    sources: [...sources].map(([key, n]) => (sources.size > 1 ? `${n} ${key}` : key)),
  };
}

/** `procedural seed 7`, read leniently from task.json's provenance (an unreadable file is `unreadable task.json`). */
async function taskSource(file: string): Promise<string> {
  try {
    const p = (
      JSON.parse(await readFile(file, "utf8")) as { provenance?: { generator?: string; seed?: unknown } }
    ).provenance;
    return `${p?.generator ?? "unknown generator"}${typeof p?.seed === "number" ? ` seed ${p.seed}` : ""}`;
  } catch {
    return "unreadable task.json";
  }
}

/** Throw `SuiteExists` when the suite folder exists and holds anything. */
export async function refuseExistingSuite(root: string, suite: string): Promise<void> {
  const existing = await existingSuite(root, suite);
  if (existing) throw new SuiteExists(suite, existing);
}

export type SuiteWriteOptions = {
  /** Remove an existing suite's tasks (the new folder replaces the old one); without it an existing suite is refused. */
  replace?: boolean;
};

/**
 * Write a suite: `write` receives a staging root and writes the suite's tasks under `<staging>/<suite>/` (as it would
 * under the tasks root); when it resolves, that folder is renamed to `<root>/<suite>`. Without `replace` an existing
 * suite is refused before anything is written, and again at the rename (a folder that appeared meanwhile is never
 * merged into: renaming onto a non-empty folder fails). With `replace` the old folder is renamed aside and deleted
 * after the new one is in place. A failed `write` leaves the old suite (or none) as it was.
 */
export async function writeSuite<T>(
  root: string,
  suite: string,
  options: SuiteWriteOptions,
  write: (stagingRoot: string) => Promise<T>,
): Promise<T> {
  checkSuiteName(suite);
  if (!options.replace) await refuseExistingSuite(root, suite);
  await mkdir(root, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  // Hidden at the tasks root, so listing tasks never sees it.
  const staging = join(root, `.${suite}.new-${tag}`);
  await mkdir(join(staging, suite), { recursive: true });
  try {
    const out = await write(staging);
    await moveIntoPlace(root, suite, join(staging, suite), options.replace === true, tag);
    return out;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function moveIntoPlace(
  root: string,
  suite: string,
  built: string,
  replace: boolean,
  tag: string,
): Promise<void> {
  const target = join(root, suite);
  if (!replace) {
    try {
      await rename(built, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
      throw new SuiteExists(
        suite,
        (await existingSuite(root, suite)) ?? { dir: target, tasks: 0, sources: [] },
      );
    }
    return;
  }
  const aside = join(root, `.${suite}.old-${tag}`);
  const hadOld = await removeAside(target, aside);
  try {
    await rename(built, target);
  } catch (error) {
    if (hadOld) await rename(aside, target).catch(() => {});
    throw error;
  }
  if (hadOld) await rm(aside, { recursive: true, force: true });
}

/** Rename `target` to `aside` when it exists; whether it did. */
async function removeAside(target: string, aside: string): Promise<boolean> {
  try {
    await rename(target, aside);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * For a generator that writes in place (LLM generation, resumable from its work folder inside the suite): refuse an
 * existing suite unless `resumable` (the folder is this same generation's, to be continued) or `replace`, which removes
 * the old suite first (renamed aside in one step, then deleted).
 */
export async function prepareSuiteInPlace(
  root: string,
  suite: string,
  options: SuiteWriteOptions & { resumable?: boolean },
): Promise<void> {
  checkSuiteName(suite);
  if (options.replace) {
    const aside = join(root, `.${suite}.old-${process.pid}-${randomBytes(4).toString("hex")}`);
    if (await removeAside(join(root, suite), aside)) await rm(aside, { recursive: true, force: true });
    return;
  }
  if (!options.resumable) await refuseExistingSuite(root, suite);
}

/** Whether a task id is in use in a suite: a task folder, or a generation of that id in progress (`.work/<id>`). */
export function taskIdTaken(
  root: string,
  suite: string,
  id: string,
  options: { replace?: boolean } = {},
): boolean {
  return (
    (!options.replace && existsSync(join(root, suite, id))) || existsSync(join(root, suite, ".work", id))
  );
}

/** The first `<domain>_NN` id a suite does not use. */
export function firstFreeTaskId(root: string, suite: string, domain: string): string {
  for (let n = 0; n < 999; n++) {
    const id = taskIdOf(domain, n);
    if (!taskIdTaken(root, suite, id)) return id;
  }
  throw new Error(`suite ${suite} has no free task id for domain ${domain}`);
}
