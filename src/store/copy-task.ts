/**
 * @module Copy one task folder to another task root with the company corpus its manifest names
 * (`<suite>/_corpus/<id>/`, shared by the suite's tasks of that company), so the copy loads on its own.
 */
import { cpSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseTaskRef } from "../core/index.ts";
import { ARTIFACTS_DIR, CORPUS_DIR, corpusDir, MANIFEST_FILE } from "./task-store.ts";

/**
 * Copy `<fromRoot>/<suite>/<task>` (`ref`) to `<toRoot>/<toSuite>/<task>` (default the same suite; a task's folder is
 * named by its id) and, when its manifest names a corpus that the target suite lacks, that corpus too. Returns the
 * corpus id copied or found, if any.
 */
export function copyTaskFolder(
  fromRoot: string,
  ref: string,
  toRoot: string,
  toSuite?: string,
): string | null {
  const from = parseTaskRef(ref);
  const suite = toSuite ?? from.suite;
  const source = join(fromRoot, from.suite, from.taskId);
  cpSync(source, join(toRoot, suite, from.taskId), { recursive: true });
  const manifestFile = join(source, ARTIFACTS_DIR, MANIFEST_FILE);
  let corpus: unknown;
  try {
    corpus = (JSON.parse(readFileSync(manifestFile, "utf8")) as { corpus?: unknown }).corpus;
  } catch (error) {
    throw new Error(`${manifestFile}: cannot be read as JSON (${(error as Error).message})`);
  }
  if (corpus === undefined) return null;
  if (typeof corpus !== "string")
    throw new Error(`${manifestFile}: $.corpus: expected a corpus id, got ${JSON.stringify(corpus)}`);
  const target = corpusDir(toRoot, suite, corpus);
  if (!existsSync(target))
    cpSync(join(fromRoot, from.suite, CORPUS_DIR, corpus), target, { recursive: true });
  return corpus;
}
