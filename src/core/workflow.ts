/** @module Workflow steps with the paper's fields (K.3, J.9), conditions with explicit branches, gold workflows. */
import { z } from "zod";

/** One branch of a conditional step: "if <when> → <then>". */
export const Branch = z.object({
  id: z.string().min(1),
  when: z.string().min(1).describe("the fact pattern that selects this branch"),
  // biome-ignore lint/suspicious/noThenProperty: a string, never a function, so the object is not a thenable
  then: z.string().min(1).describe("what the workflow does on this branch"),
});
export type Branch = z.infer<typeof Branch>;

/** The structured decision behind a step's `condition_description`. */
export const Condition = z.object({
  id: z.string().min(1),
  question: z
    .string()
    .min(1)
    .describe("the decision, e.g. 'Is the patient's preferred language other than English?'"),
  branches: z.array(Branch).min(2),
});
export type Condition = z.infer<typeof Condition>;

/** A workflow step as the paper writes it (K.3 company insight, J.9 report JSON). */
export const WorkflowStep = z.object({
  item: z.number().int().min(1),
  title: z.string().min(1),
  task: z.string(),
  task_description: z.string(),
  /** "If X → A; else → B"; empty when the step has no branches (J.9 calls it `subtask_description`). */
  condition_description: z.string().default(""),
  /** Item number of the prerequisite step as a string, or "" (the paper's convention). */
  prerequisite: z.string().default(""),
  prerequisite_description: z.string().default(""),
});
export type WorkflowStep = z.infer<typeof WorkflowStep>;

/** A gold generic step: the paper's fields plus, for conditional steps, the structured condition. */
export const GenericStep = WorkflowStep.extend({
  condition: Condition.nullable().default(null),
});
export type GenericStep = z.infer<typeof GenericStep>;

/** A gold personalized step: same inventory as the generic workflow, plus the resolved answer and a justification. */
export const PersonalizedStep = WorkflowStep.extend({
  /** The resolved branch in words for conditional steps (e.g. "Use a certified Spanish interpreter"); "" otherwise. */
  answer: z.string().default(""),
  /** Id of the branch the user's evidence selects; null for unconditional steps. */
  resolved_branch: z.string().nullable().default(null),
  justification: z.string().min(1),
});
export type PersonalizedStep = z.infer<typeof PersonalizedStep>;

export const GenericWorkflow = z.array(GenericStep).min(1);
export const PersonalizedWorkflow = z.array(PersonalizedStep).min(1);

/** Steps that carry a decision, by item number. */
export function conditionalItems(steps: readonly GenericStep[]): number[] {
  return steps.filter((s) => s.condition !== null).map((s) => s.item);
}
