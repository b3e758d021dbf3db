/**
 * @module The data a workflow family and a domain provide to the procedural generator, as zod schemas: families and
 * domains are JSON files under `data/` (templates with `{slot}`s), validated when loaded. Adding a family is writing a
 * file; the generator's code holds only mechanisms.
 */
import { z } from "zod";
import { Domain } from "../../core/index.ts";

const Template = z.string().min(1);

/**
 * One branch of a decision. `when` and `action` are the generic policy wording (the core Branch calls `action` "then");
 * `evidence` are sentences a colleague would write about a concrete case that establish `when` in the case's own terms
 * (slots: `{subject}`, `{case_id}`, case vars…), never restating the policy; `answer` is the personalized action once
 * this branch is selected.
 */
export const BranchSpec = z
  .object({
    id: z.string().regex(/^[a-z0-9_]+$/, "expected a snake_case branch id"),
    when: Template,
    action: Template,
    evidence: z.array(Template).min(2, "expected at least two evidence sentences per branch"),
    answer: Template,
    /** Case variables this branch constrains (e.g. an amount above a threshold); drawn from these values when selected. */
    set: z.record(z.string(), z.array(z.string()).min(1)).optional(),
    /**
     * This branch ends the company's process at its step (the customer is referred elsewhere, the case leaves this
     * policy): the policy text says so after its action (`endsClauses` in realizations.json), and the user's case never
     * takes it, since the gold would stop there. Look-alike cases may.
     */
    ends: z.boolean().optional(),
  })
  .strict();
export type BranchSpec = z.infer<typeof BranchSpec>;

export const ConditionSpec = z
  .object({
    id: z.string().regex(/^[a-z0-9_]+$/, "expected a snake_case condition id"),
    question: Template,
    branches: z.tuple([BranchSpec, BranchSpec]),
    /** This decision is implied by another one: leader branch id → this condition's branch id. */
    follows: z
      .object({ condition: z.string(), branches: z.record(z.string(), z.string()) })
      .strict()
      .optional(),
  })
  .strict();
export type ConditionSpec = z.infer<typeof ConditionSpec>;

/** A policy step. `task` is an imperative phrase (no final period); `description` one or two full sentences. */
export const StepSpec = z
  .object({
    key: z.string().regex(/^[a-z0-9_]+$/, "expected a snake_case step key"),
    title: Template,
    task: Template,
    description: Template,
    /** Keys of prerequisite steps (the first becomes the paper's `prerequisite`). */
    after: z.array(z.string()).optional(),
    /** Optional steps may be dropped so workflows vary between 12 and 15 steps. */
    optional: z.boolean().optional(),
    condition: ConditionSpec.optional(),
    /** Personalized task description for the user's case (slots allowed); defaults to the description plus case anchors. */
    personal: Template.optional(),
  })
  .strict();
export type StepSpec = z.infer<typeof StepSpec>;

/**
 * A look-alike case's own sub-question of the same workflow domain (paper §K.6: a consent task for a patient with
 * limited English proficiency gets an adjacent question about consent through a legally authorized representative).
 * `facts` are its case profile in colleagues' voices: they answer the sub-question, not the family's question.
 * `shares` names family conditions that also arise in this case (their evidence is drawn for it, consistently).
 */
export const AdjacentSpec = z
  .object({
    id: z.string().regex(/^[a-z0-9_]+$/, "expected a snake_case adjacent-case id"),
    question: Template,
    /** Case variables of this sub-question (they override the family's for this case). */
    vars: z.record(z.string(), z.array(z.string()).min(1)).optional(),
    facts: z.array(Template).min(4, "expected at least four facts per adjacent case"),
    shares: z.array(z.string()).default([]),
  })
  .strict();
export type AdjacentSpec = z.infer<typeof AdjacentSpec>;

/** A workflow family: one question type with its policy, decisions, case facts and look-alike cases. */
export const FamilySpec = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, "expected a kebab-case family id"),
    domain: Domain,
    question: Template,
    /** Title of the governing policy, e.g. "Informed Consent for Patients with Limited English Proficiency". */
    policy: Template,
    /** Look-alike cases: each asks a different sub-question of the same domain (at least two). */
    adjacent: z.array(AdjacentSpec).min(2, "expected at least two adjacent sub-questions"),
    /** What a case is about: "patient", "customer", "student", "client"… */
    subjectKind: z.string().min(1),
    /** Names of the domain's companies where this workflow makes sense (default: any of them). */
    companies: z.array(z.string()).optional(),
    /** When cases are about organizations (B2B customers, clients): their names, each with a distinct last word. */
    organizations: z.array(z.string()).optional(),
    /** Case id pattern: `#` becomes a digit, e.g. "MRN-######". */
    caseId: z.string().regex(/#/, "expected a case id pattern with # digits"),
    /** Subject names get this honorific when set (e.g. patients "Mrs."/"Mr."). */
    honorific: z.boolean().optional(),
    user: z.object({ role: z.string(), description: z.string() }).strict(),
    persona: z.object({ role: z.string(), description: z.string() }).strict(),
    /** Chat channels of the user's team for this family. */
    channels: z.array(z.string()).min(1),
    /** Case variables: each case draws one value per key (slots in every template). */
    vars: z.record(z.string(), z.array(z.string()).min(1)),
    /**
     * Values that must be plausible for another variable's value (domain data): `price` drawn by `item` from the band
     * for that item, so a sectional sofa never costs $74. Applied after branches constrain the variables.
     */
    bands: z
      .record(
        z.string(),
        z.object({ by: z.string(), values: z.record(z.string(), z.array(z.string()).min(1)) }).strict(),
      )
      .optional(),
    /** Case facts in a colleague's voice that personalize unconditional steps (user insights). */
    facts: z.array(Template),
    steps: z.array(StepSpec).min(12),
  })
  .strict()
  .superRefine((f, ctx) => {
    const keys = new Set(f.steps.map((s) => s.key));
    const conditions = new Map(f.steps.flatMap((s) => (s.condition ? [[s.condition.id, s.condition]] : [])));
    for (const [i, s] of f.steps.entries()) {
      for (const k of s.after ?? [])
        if (!keys.has(k))
          ctx.addIssue({ code: "custom", path: ["steps", i, "after"], message: `unknown step key "${k}"` });
      const follows = s.condition?.follows;
      if (follows && !conditions.has(follows.condition))
        ctx.addIssue({
          code: "custom",
          path: ["steps", i, "condition", "follows"],
          message: `unknown condition "${follows.condition}"`,
        });
    }
    for (const [i, s] of f.steps.entries()) {
      const branches = s.condition?.branches ?? [];
      if (branches.length > 0 && branches.every((b) => b.ends))
        ctx.addIssue({
          code: "custom",
          path: ["steps", i, "condition", "branches"],
          message: "expected at most one branch that ends the process (the user's case takes the other)",
        });
      if (s.condition?.follows && branches.some((b) => b.ends))
        ctx.addIssue({
          code: "custom",
          path: ["steps", i, "condition", "follows"],
          message: "expected a condition that follows another to have no branch that ends the process",
        });
    }
    for (const [key, band] of Object.entries(f.bands ?? {})) {
      const values = new Set([
        ...(f.vars[band.by] ?? []),
        ...f.steps.flatMap((s) => (s.condition?.branches ?? []).flatMap((b) => b.set?.[band.by] ?? [])),
        ...f.adjacent.flatMap((a) => a.vars?.[band.by] ?? []),
      ]);
      if (values.size === 0)
        ctx.addIssue({
          code: "custom",
          path: ["bands", key, "by"],
          message: `unknown variable "${band.by}"`,
        });
      for (const v of values)
        if (!band.values[v])
          ctx.addIssue({
            code: "custom",
            path: ["bands", key, "values"],
            message: `expected a band of "${key}" for ${band.by} "${v}"`,
          });
    }
    for (const [i, a] of f.adjacent.entries())
      for (const c of a.shares)
        if (!conditions.has(c))
          ctx.addIssue({
            code: "custom",
            path: ["adjacent", i, "shares"],
            message: `unknown condition "${c}"`,
          });
  });
export type FamilySpec = z.infer<typeof FamilySpec>;

/** A company-side distractor: a neighbouring procedure, metric or event that does not answer the question. */
export const DistractorDoc = z.object({ title: z.string(), heading: z.string(), text: z.string() }).strict();
export type DistractorDoc = z.infer<typeof DistractorDoc>;

/** A user-side distractor: a workplace event in the user's mail or chat that is irrelevant to the question. */
export const UserDistractor = z.object({ topic: z.string(), text: z.string() }).strict();
export type UserDistractor = z.infer<typeof UserDistractor>;

export const DomainSpec = z
  .object({
    domain: Domain,
    industry: z.string(),
    companies: z
      .array(z.object({ name: z.string(), domain: z.string(), description: z.string() }).strict())
      .min(1),
    /** Roles of the user's colleagues (senders of emails and chat posts). */
    colleagueRoles: z.array(z.string()).min(4),
    /** Kinds of company documents ("Policy", "Standard Operating Procedure"…). */
    docKinds: z.array(z.string()).min(1),
    /** On-domain sections that fill the rest of a document (sparse injection). */
    fillers: z.array(z.object({ heading: z.string(), text: z.string() }).strict()),
    distractorDocs: z.array(DistractorDoc),
    userDistractors: z.array(UserDistractor),
  })
  .strict();
export type DomainSpec = z.infer<typeof DomainSpec>;

/** Slots every template may use besides the case variables. */
export const COMMON_SLOTS: ReadonlySet<string> = new Set([
  "subject",
  "subject_first",
  "subject_last",
  "subject_ref",
  "subject_kind",
  "case_id",
  "date",
  "user",
  "user_first",
  "colleague",
  "company",
]);
