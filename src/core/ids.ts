/** @module Identifiers: task ids, opaque document handles, and checks that keep ids safe to use as path parts. */
import { createHash, createHmac } from "node:crypto";
import { z } from "zod";

/** A safe id: letters, digits, `_`, `-`, `.`; never `.`/`..`; never a path separator. */
export const SAFE_ID = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,128}$/;

export const SafeId = z
  .string()
  .regex(SAFE_ID, "expected an id of letters, digits, '_', '-', '.' (no slashes)");

/**
 * A suite name, the folder `tasks/<suite>/`: letters, digits, `_` and `-`, starting with a letter or digit, so a suite
 * is never a hidden folder (`.x`, which the task store skips) nor a dotted one (`a.b`, `...`).
 */
export const SUITE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export const SuiteName = z
  .string()
  .regex(SUITE_NAME, "expected a suite name of letters, digits, '_' and '-' starting with a letter or digit");

export const ArtifactRole = z.enum(["insight", "distractor", "adjacent"]);
export type ArtifactRole = z.infer<typeof ArtifactRole>;

/**
 * An agent-visible document handle: `doc-` and 12 hex digits of SHA-256 over the task id, the generator seed and the
 * file's content hash — keyed (HMAC-SHA-256) by the suite's secret when it has one, so the seed cannot be found by
 * trying seeds against a handle. It names a document and nothing else: no role, no step, no order (issue 11).
 */
export const DOC_HANDLE = /^doc-[0-9a-f]{12}$/;

/** The handle of a file of a task; `salt` separates byte-identical files of one task. */
export function documentHandle(
  taskId: string,
  seed: number | null,
  bytes: Uint8Array | string,
  salt = 0,
  secret = "",
): string {
  const content = createHash("sha256").update(bytes).digest("hex");
  const key = `${taskId}\n${seed ?? ""}\n${content}${salt > 0 ? `\n${salt}` : ""}`;
  const digest = secret ? createHmac("sha256", secret).update(key) : createHash("sha256").update(key);
  return `doc-${digest.digest("hex").slice(0, 12)}`;
}

/** A suite secret's digest as `task.json` records it: 16 hex digits of SHA-256, domain-separated. */
export const SECRET_DIGEST = /^[0-9a-f]{16}$/;

/**
 * The digest of a suite's secret, recorded gold-side (`provenance.secret_digest`) so a later `generate` can tell
 * whether it was given the secret a suite was made with; the secret itself is written nowhere.
 */
export function secretDigest(secret: string): string {
  return createHash("sha256").update(`drflow suite secret\n${secret}`).digest("hex").slice(0, 16);
}

/** Working ids inside the generators (`<task>_IN_<n>` …); they never reach a task folder (see `sealTask`). */
const ROLE_CODE: Record<ArtifactRole, "IN" | "DI" | "AD"> = {
  insight: "IN",
  distractor: "DI",
  adjacent: "AD",
};
const CODE_ROLE = { IN: "insight", DI: "distractor", AD: "adjacent" } as const;

/** A generated task's id: `healthcare`, 0 → `healthcare_01` (both generators and the studio's form name tasks so). */
export function taskIdOf(domain: string, index: number): string {
  return `${domain}_${String(index + 1).padStart(2, "0")}`;
}

/** `artifactId("healthcare_01", "insight", 3)` → `healthcare_01_IN_3`: a generator's working id, replaced by a handle before writing. */
export function artifactId(taskId: string, role: ArtifactRole, n: number): string {
  return `${taskId}_${ROLE_CODE[role]}_${n}`;
}

const ARTIFACT_ID = /^(.+)_(IN|DI|AD)_(\d+)$/;

/** Parse a working id (or a task folder written before handles); null when the id does not follow the convention. */
export function parseArtifactId(id: string): { taskId: string; role: ArtifactRole; n: number } | null {
  const m = ARTIFACT_ID.exec(id);
  if (!m) return null;
  return { taskId: m[1]!, role: CODE_ROLE[m[2] as keyof typeof CODE_ROLE], n: Number(m[3]) };
}

/** `demo/healthcare_01` → `{ suite: "demo", taskId: "healthcare_01" }`, rejecting anything path-like. */
export function parseTaskRef(ref: string): { suite: string; taskId: string } {
  const parts = ref.split("/");
  if (parts.length !== 2 || !parts.every((p) => SAFE_ID.test(p))) {
    throw new Error(
      `task reference "${ref}": expected "<suite>/<task_id>" made of safe ids, e.g. demo/healthcare_01`,
    );
  }
  return { suite: parts[0]!, taskId: parts[1]! };
}
