/** @module The intermediate generic workflow DRFA extracts from policy findings (J.7) and its condition objects. */
import { z } from "zod";

/** One step of the intermediate generic workflow, the fields of J.7's example. */
export const IntermediateStep = z.object({
  step: z.number().int(),
  title: z.string(),
  is_conditional: z.boolean(),
});

/** A condition object (Appendix J.6): id, step number, decision, branches, evidence needed, diverse queries. */
export const ConditionObject = z.object({
  condition_id: z.string(),
  step_number: z.number().int(),
  description: z.string(),
  branches: z.array(z.string()),
  evidence_needed: z.string(),
  search_queries: z.array(z.string()),
});
export type ConditionObject = z.infer<typeof ConditionObject>;

export const IntermediateWorkflow = z.object({
  generic_workflow_steps: z.array(IntermediateStep),
  conditional_steps: z.array(ConditionObject),
});
export type IntermediateWorkflow = z.infer<typeof IntermediateWorkflow>;

/** `{conditions_summary}` of J.8: one block per condition. */
export function conditionsSummary(conditions: readonly ConditionObject[]): string {
  return conditions
    .map((c) =>
      [
        `- condition_id: ${c.condition_id} (step ${c.step_number})`,
        `  description: ${c.description}`,
        `  branches: ${c.branches.join(" | ")}`,
        `  evidence_needed: ${c.evidence_needed}`,
        `  suggested queries: ${c.search_queries.join("; ")}`,
      ].join("\n"),
    )
    .join("\n");
}

/** The intermediate workflow as text, for the findings store and as focus queries for workflow generation. */
export function workflowText(w: IntermediateWorkflow): string {
  const steps = w.generic_workflow_steps.map(
    (s) => `Step ${s.step}: ${s.title}${s.is_conditional ? " (conditional)" : ""}`,
  );
  const conds = w.conditional_steps.map(
    (c) => `Condition ${c.condition_id}: ${c.description} [${c.branches.join(" / ")}]`,
  );
  return [...steps, ...conds].join("\n");
}
