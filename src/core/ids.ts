/** @module Identifiers: task ids, artifact ids (`<task>_IN_<n>`), and checks that keep ids safe to use as path parts. */
import { z } from "zod";

/** A safe id: letters, digits, `_`, `-`, `.`; never `.`/`..`; never a path separator. */
export const SAFE_ID = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,128}$/;

export const SafeId = z
  .string()
  .regex(SAFE_ID, "expected an id of letters, digits, '_', '-', '.' (no slashes)");

export const ArtifactRole = z.enum(["insight", "distractor", "adjacent"]);
export type ArtifactRole = z.infer<typeof ArtifactRole>;

const ROLE_CODE: Record<ArtifactRole, "IN" | "DI" | "AD"> = {
  insight: "IN",
  distractor: "DI",
  adjacent: "AD",
};
const CODE_ROLE = { IN: "insight", DI: "distractor", AD: "adjacent" } as const;

/** `artifactId("healthcare_01", "insight", 3)` → `healthcare_01_IN_3`. */
export function artifactId(taskId: string, role: ArtifactRole, n: number): string {
  return `${taskId}_${ROLE_CODE[role]}_${n}`;
}

const ARTIFACT_ID = /^(.+)_(IN|DI|AD)_(\d+)$/;

/** Classify a cited source id by the paper's naming convention; null when it does not follow it. */
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
