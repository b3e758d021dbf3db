/** @module The artifact manifest: one entry per realized file of a task. */
import { z } from "zod";
import { EvidenceSide } from "./evidence.ts";
import { ArtifactRole, SafeId } from "./ids.ts";

export const AppName = z.enum(["drive", "files", "chat", "email"]);
export type AppName = z.infer<typeof AppName>;

export const ArtifactFormat = z.enum(["pdf", "docx", "md", "eml", "chat", "csv", "txt"]);
export type ArtifactFormat = z.infer<typeof ArtifactFormat>;

export const ArtifactEntry = z.object({
  /** The opaque document handle an agent sees (`doc-<12 hex>`, see `documentHandle`); the role is the next field, never the id. */
  id: z.string().min(1),
  role: ArtifactRole,
  side: EvidenceSide,
  app: AppName,
  format: ArtifactFormat,
  /** Path relative to the task's `artifacts/` folder, e.g. `drive/consent-policy.pdf`. */
  path: z.string().min(1),
  title: z.string().min(1),
  /** Evidence unit ids this file carries. */
  evidence: z.array(z.string()).default([]),
  author: z.string().default(""),
  /** ISO date of the artifact (document date, first message). */
  date: z.string().default(""),
});
export type ArtifactEntry = z.infer<typeof ArtifactEntry>;

export const ArtifactManifest = z.object({
  task_id: z.string().min(1),
  artifacts: z.array(ArtifactEntry),
  /**
   * The company background corpus the task's environment also holds (`<suite>/_corpus/<id>/`, shared by the suite's
   * tasks of one company); absent in folders without one.
   */
  corpus: SafeId.optional(),
});
export type ArtifactManifest = z.infer<typeof ArtifactManifest>;

/** A company background corpus's manifest (`<suite>/_corpus/<id>/manifest.json`): entries like a task's, no evidence. */
export const CorpusManifest = z.object({
  corpus_id: SafeId,
  company: z.string().min(1),
  artifacts: z.array(ArtifactEntry),
});
export type CorpusManifest = z.infer<typeof CorpusManifest>;

export const Split = z.enum(["original", "mixed"]);
export type Split = z.infer<typeof Split>;

/** Which artifacts a split loads: `original` = insights + distractors, `mixed` adds adjacent ones. */
export function inSplit(entry: Pick<ArtifactEntry, "role">, split: Split): boolean {
  return split === "mixed" || entry.role !== "adjacent";
}
