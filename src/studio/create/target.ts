/**
 * @module Where a creation job may write: a new suite, or an existing one only when the request chooses to replace it
 * (its tasks are removed first, so a suite never mixes generator seeds); never the shipped `demo` suite.
 */
import { existsSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";

/** A refusal the create routes answer with 400 and show on the page. */
export class CreateError extends Error {}

/** Suites the studio never writes: the benchmark's own, regenerated only by its generator. */
export const PROTECTED_SUITES: readonly string[] = ["demo"];

/** The task folders (those holding a task.json) a suite already has, plus generations in progress. */
export function existingTasks(root: string, suite: string): string[] {
  const dir = join(root, suite);
  if (!existsSync(dir)) return [];
  const tasks = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "task.json")))
    .map((e) => e.name);
  const work = join(dir, ".work");
  const pending = existsSync(work) ? readdirSync(work).map((n) => `${n} (in progress)`) : [];
  return [...tasks, ...pending].sort();
}

/** Refuses a protected suite, and an existing one unless `replace`; names what is there. */
export function checkTarget(root: string, suite: string, replace: boolean): void {
  if (PROTECTED_SUITES.includes(suite.toLowerCase()))
    throw new CreateError(
      `suite ${suite} is the shipped benchmark and cannot be a creation target: choose another suite name`,
    );
  const tasks = existingTasks(root, suite);
  if (tasks.length && !replace)
    throw new CreateError(
      `suite ${suite} already has ${tasks.length} task(s) (${tasks.slice(0, 5).join(", ")}${tasks.length > 5 ? ", …" : ""}): choose a new suite name, or tick "replace the existing suite" to remove them first`,
    );
}

/** Removes a suite's folder before a replacing job writes it again (the suite name is a checked safe id). */
export async function clearSuite(root: string, suite: string): Promise<void> {
  await rm(join(root, suite), { recursive: true, force: true });
}
