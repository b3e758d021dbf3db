/** @module The intermediate generic workflow DRFA extracts from policy findings (J.7) and its condition objects. */
import { z } from "zod";

const text = z.union([z.string(), z.number()]).transform(String);
const list = z
  .union([z.array(text), text])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .default([]);

export const IntermediateStep = z.looseObject({
  step: z.coerce.number().int(),
  title: z.string().default(""),
  is_conditional: z.boolean().default(false),
});

/** A condition object (Appendix J.6): id, step number, decision, branches, evidence needed, diverse queries. */
export const ConditionObject = z.looseObject({
  condition_id: text,
  step_number: z.coerce.number().int().default(0),
  description: z.string().default(""),
  branches: list,
  evidence_needed: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v.join(", ") : v))
    .default(""),
  search_queries: list,
});
export type ConditionObject = z.infer<typeof ConditionObject>;

export const IntermediateWorkflow = z.looseObject({
  generic_workflow_steps: z.array(IntermediateStep).default([]),
  conditional_steps: z.array(ConditionObject).default([]),
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
