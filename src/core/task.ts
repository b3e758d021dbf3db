/** @module The task: seed (S1), dual contexts (S2), gold workflows (S3–S4), evidence (S3, S5, S6), adjacent cases (S6). */
import { z } from "zod";
import { EvidenceUnit } from "./evidence.ts";
import { SafeId, SECRET_DIGEST } from "./ids.ts";
import { GenericStep, PersonalizedStep } from "./workflow.ts";

/** The five built-in domains: the offline generator's profiles and the LLM generator's `--domain` choices. */
export const Domain = z.enum(["b2b", "b2c", "education", "healthcare", "legal"]);
export type Domain = z.infer<typeof Domain>;

/**
 * A task seed's domain: a built-in one, or any other domain name (e.g. `finance` in imported seeds), which gets the
 * generic profile — the LLM pipeline only ever uses the domain as text in its prompts. Lower case, id-like.
 */
export const SeedDomain = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]*$/, "expected a lower-case domain name (letters, digits, '_', '-')");
export type SeedDomain = z.infer<typeof SeedDomain>;

/** The company of a task seed (K.1 `company_*` columns). */
export const Company = z.object({
  name: z.string().min(1),
  industry: z.string().min(1),
  description: z.string().min(1),
  size: z.string().min(1),
  employee_count: z.string().min(1),
  annual_revenue: z.string().min(1),
});
export type Company = z.infer<typeof Company>;

/** A person with a role: the company persona (point of contact) or the user asking the question. */
export const Persona = z.object({
  name: z.string().min(1),
  email: z.string().min(3),
  role: z.string().min(1),
  role_description: z.string().min(1),
});
export type Persona = z.infer<typeof Persona>;

/** S1: the deep research question with company and user metadata. */
export const TaskSeed = z.object({
  question: z.string().min(1),
  domain: SeedDomain,
  company: Company,
  company_persona: Persona,
  user: Persona,
});
export type TaskSeed = z.infer<typeof TaskSeed>;

/** A person who appears in artifacts (email senders, chat users). */
export const Person = z.object({
  name: z.string().min(1),
  email: z.string().min(3),
  username: z.string().min(1),
  role: z.string().default(""),
});
export type Person = z.infer<typeof Person>;

/** S6: a look-alike case in the same workflow family, loaded only in the mixed split. */
export const AdjacentCase = z.object({
  case_id: z.string().min(1),
  question: z.string().min(1),
  /** The person whose case it is (never the task's user). */
  subject: z.string().min(1),
  cast: z.array(z.string()).default([]),
  timeline_anchor: z.string().default(""),
  /** Evidence unit ids (role "adjacent") that make up the case profile. */
  evidence: z.array(z.string()).default([]),
});
export type AdjacentCase = z.infer<typeof AdjacentCase>;

/** The user's own case (S4): whose case it is and its identifier, so adjacent cases can be told apart from it. */
export const UserCase = z.object({
  case_id: z.string().min(1),
  /** The person the case is about (patient, customer, student, client…); may be the user. */
  subject: z.string().min(1),
  timeline_anchor: z.string().default(""),
});
export type UserCase = z.infer<typeof UserCase>;

export const TaskKind = z.enum(["drflow", "drbench"]);
export type TaskKind = z.infer<typeof TaskKind>;

/** Where an imported DRBench file came from, so a report citing DRBench's own names (`IN001_pdf/x.md`) resolves. */
export const DrbenchFileOrigin = z.object({
  artifact_id: z.string().min(1),
  /** `files/<ID>/<content file>` inside the DRBench task folder, e.g. `IN001_pdf/food-safety.md`. */
  source: z.string().min(1),
  /** The path DRBench's environment serves the file at, e.g. `shared/food-safety.pdf`. */
  destination: z.string().default(""),
});

/** A DRBench task's own metadata (dr_question.json, info.json, context.json), kept as DRBench states it. */
export const DrbenchMeta = z.object({
  industry: z.string().default(""),
  /** DRBench's domain (sales, crm, compliance…), not drflow's five. */
  domain: z.string().default(""),
  difficulty: z.string().default(""),
  subquestions: z.array(z.string()).default([]),
  /** The public article the task was built from. */
  url: z.string().default(""),
  /** context.json as readable text: company profile, persona, the source article's insights. */
  context: z.string().default(""),
  files: z.array(DrbenchFileOrigin).default([]),
});
export type DrbenchMeta = z.infer<typeof DrbenchMeta>;

export const Provenance = z.object({
  generator: z.enum(["procedural", "llm", "drbench-import"]),
  /** Workflow family (procedural) or source task id (imports). */
  family: z.string().default(""),
  seed: z.number().int().nullable().default(null),
  version: z.string().default("1"),
  /**
   * Digest of the suite's secret (`secretDigest`) when it was generated with one; gold-side, never the secret. A suite
   * without one can be regenerated from its seed, which an agent can find (`drflow env audit`, handles).
   */
  secret_digest: z.string().regex(SECRET_DIGEST, "expected 16 hex digits").optional(),
  /**
   * Surface realizations the generator drew, by kind (procedural): procedure layouts, condition phrasings,
   * cross-reference styles, and the evidence units that restate a policy condition. For difficulty statistics only.
   */
  surface: z.record(z.string(), z.array(z.string())).optional(),
});

export const Task = z.object({
  id: SafeId,
  kind: TaskKind.default("drflow"),
  seed: TaskSeed,
  /** S2 generic context: the company policy in prose. */
  generic_context: z.string().default(""),
  /** S2 personal context: the user's situation in prose. */
  personal_context: z.string().default(""),
  /** People appearing in the user's emails and chats. */
  people: z.array(Person).default([]),
  /** Chat channels of the user's workspace. */
  channels: z.array(z.string()).default([]),
  /** Gold generic workflow (empty for imported DRBench tasks). */
  generic_workflow: z.array(GenericStep).default([]),
  /** Gold personalized workflow: same step inventory as the generic one. */
  personalized_workflow: z.array(PersonalizedStep).default([]),
  evidence: z.array(EvidenceUnit).default([]),
  adjacent_cases: z.array(AdjacentCase).default([]),
  /** The user's case (null for imported tasks). */
  user_case: UserCase.nullable().default(null),
  /** DRBench tasks: the task's own metadata (absent for drflow tasks, so their files stay byte-identical). */
  drbench: DrbenchMeta.optional(),
  provenance: Provenance,
});
export type Task = z.infer<typeof Task>;
