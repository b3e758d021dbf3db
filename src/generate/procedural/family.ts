/** @module The data a workflow family and a domain provide to the procedural generator (templates with `{slot}`s). */
import type { Domain } from "../../core/index.ts";

/**
 * One branch of a decision. `when` and `action` are the generic policy wording (the core Branch calls `action` "then");
 * `evidence` are sentences a colleague would
 * write about a concrete case that establish `when` (slots: `{subject}`, `{case_id}`, case vars…); `answer` is the
 * personalized action once this branch is selected.
 */
export type BranchSpec = {
  id: string;
  when: string;
  action: string;
  evidence: readonly string[];
  answer: string;
  /** Case variables this branch constrains (e.g. an amount above a threshold); drawn from these values when selected. */
  set?: Readonly<Record<string, readonly string[]>>;
};

export type ConditionSpec = {
  id: string;
  question: string;
  branches: readonly [BranchSpec, BranchSpec];
  /** This decision is implied by another one: leader branch id → this condition's branch id. */
  follows?: { condition: string; branches: Readonly<Record<string, string>> };
};

/** A policy step. `task` is an imperative phrase (no final period); `description` one or two full sentences. */
export type StepSpec = {
  key: string;
  title: string;
  task: string;
  description: string;
  /** Keys of prerequisite steps (the first becomes the paper's `prerequisite`). */
  after?: readonly string[];
  /** Optional steps may be dropped so workflows vary between 12 and 15 steps. */
  optional?: boolean;
  condition?: ConditionSpec;
  /** Personalized task description for the user's case (slots allowed); defaults to the description plus case anchors. */
  personal?: string;
};

/** A workflow family: one question type with its policy, decisions, case facts and look-alike cases. */
export type FamilySpec = {
  id: string;
  domain: Domain;
  question: string;
  /** Title of the governing policy, e.g. "Informed Consent for Patients with Limited English Proficiency". */
  policy: string;
  /** Questions of adjacent cases (same family, other case); slot `{subject}` is the adjacent case's subject. */
  adjacentQuestions: readonly string[];
  /** What a case is about: "patient", "customer", "student", "client"… */
  subjectKind: string;
  /** Names of the domain's companies where this workflow makes sense (default: any of them). */
  companies?: readonly string[];
  /** When cases are about organizations (B2B customers, clients): their names, each with a distinct last word. */
  organizations?: readonly string[];
  /** Case id pattern: `#` becomes a digit, e.g. "MRN-######". */
  caseId: string;
  /** Subject names get this honorific when set (e.g. patients "Mrs."/"Mr."). */
  honorific?: boolean;
  user: { role: string; description: string };
  persona: { role: string; description: string };
  /** Chat channels of the user's team for this family. */
  channels: readonly string[];
  /** Case variables: each case draws one value per key (slots in every template). */
  vars: Readonly<Record<string, readonly string[]>>;
  /** Case facts in a colleague's voice that personalize unconditional steps (user insights). */
  facts: readonly string[];
  steps: readonly StepSpec[];
};

/** A company-side distractor: an adjacent procedure, metric or event that does not answer the question. */
export type DistractorDoc = { title: string; heading: string; text: string };

/** A user-side distractor: a workplace event in the user's mail or chat that is irrelevant to the question. */
export type UserDistractor = { topic: string; text: string };

export type DomainSpec = {
  domain: Domain;
  industry: string;
  companies: readonly { name: string; domain: string; description: string }[];
  /** Roles of the user's colleagues (senders of emails and chat posts). */
  colleagueRoles: readonly string[];
  /** Kinds of company documents ("Policy", "Standard Operating Procedure"…). */
  docKinds: readonly string[];
  /** On-domain sections that fill the rest of a document (sparse injection). */
  fillers: readonly { heading: string; text: string }[];
  distractorDocs: readonly DistractorDoc[];
  userDistractors: readonly UserDistractor[];
};
