/**
 * @module A suite's secret: where it comes from (`--secret`, else `DRFLOW_SUITE_SECRET`, else drawn at random) and the
 * digest a written suite records of it. The secret keys every draw and handle an agent can observe, so a published
 * suite cannot be regenerated from its seed; it is written nowhere, and only a drawn one is ever printed (once).
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { secretDigest, Task } from "../core/index.ts";
import { listTasks, TASK_FILE } from "../store/task-store.ts";

/** The environment variable a suite's secret may come from (a `--secret` flag wins). */
export const SECRET_ENV = "DRFLOW_SUITE_SECRET";
/** Bytes of a drawn secret (printed as hex). */
const DRAWN_BYTES = 16;

export type SuiteSecret = { secret: string; from: "flag" | "env" | "drawn" };

/** Thrown for a secret given but empty (a caller turns it into a usage error). */
export class EmptySecret extends Error {}

/**
 * The secret of a generation: the flag's, else the environment's, else — when `draw` is allowed — 16 random bytes as
 * hex (the caller prints it once, with how to reproduce the suite), else none (`null`).
 */
export function suiteSecret(
  flag: unknown,
  env: Record<string, string | undefined>,
  options: { draw: boolean; random?: () => string } = { draw: true },
): SuiteSecret | null {
  if (flag !== undefined) {
    if (typeof flag !== "string" || flag === "")
      throw new EmptySecret(`--secret: expected a non-empty secret (or set ${SECRET_ENV})`);
    return { secret: flag, from: "flag" };
  }
  const fromEnv = env[SECRET_ENV];
  if (fromEnv !== undefined && fromEnv !== "") return { secret: fromEnv, from: "env" };
  if (!options.draw) return null;
  return { secret: (options.random ?? (() => randomBytes(DRAWN_BYTES).toString("hex")))(), from: "drawn" };
}

/** Whether a written suite was made with a given secret: the same, another, none, or unknown (no readable task). */
export type SecretMatch = "same" | "other" | "none" | "unknown";

/** What secret the suite at `<root>/<suite>` was made with, against `secret` (its first task's `provenance.secret_digest`). */
export async function writtenWithSecret(root: string, suite: string, secret: string): Promise<SecretMatch> {
  const [first] = await listTasks(root, suite).catch(() => []);
  if (!first) return "unknown";
  let digest: string | undefined;
  try {
    digest = Task.parse(JSON.parse(await readFile(join(first.dir, TASK_FILE), "utf8"))).provenance
      .secret_digest;
  } catch {
    return "unknown";
  }
  if (digest === undefined) return "none";
  return digest === secretDigest(secret) ? "same" : "other";
}
