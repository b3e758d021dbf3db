/** @module Evidence units: the atomic facts a task plants in its artifacts (insights, distractors, adjacent-case facts). */
import { z } from "zod";
import { ArtifactRole } from "./ids.ts";

export const EvidenceSide = z.enum(["company", "user", "adjacent"]);
export type EvidenceSide = z.infer<typeof EvidenceSide>;

export const EvidenceUnit = z.object({
  id: z.string().min(1),
  role: ArtifactRole,
  side: EvidenceSide,
  /** The sentence(s) injected verbatim into an artifact. */
  text: z.string().min(1),
  /** Paper's Q/A/justification framing (K.5, K.18); optional for company steps. */
  question: z.string().default(""),
  answer: z.string().default(""),
  justification: z.string().default(""),
  /** Gold generic step items this unit supports (company insights). */
  supports_steps: z.array(z.number().int()).default([]),
  /** Condition ids this unit resolves (user insights) or speaks to (adjacent facts). */
  resolves_conditions: z.array(z.string()).default([]),
  /** For a unit that resolves a condition: the branch id it selects. */
  selects_branch: z.string().nullable().default(null),
  /** Adjacent units: which adjacent case they belong to. */
  case_id: z.string().nullable().default(null),
  /**
   * Public web pages the fact comes from (DRBench `external_fact`s): reachable only with web access or a saved page.
   * Optional (absent rather than empty) so drflow task files stay byte-identical.
   */
  urls: z.array(z.string()).optional(),
});
export type EvidenceUnit = z.infer<typeof EvidenceUnit>;
