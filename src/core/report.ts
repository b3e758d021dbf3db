/** @module The agent's report: generic workflow, condition resolution, personalized workflow, references (J.9). */
import { z } from "zod";
import { WorkflowStep } from "./workflow.ts";

/** A report step: the paper's fields plus citations (keys into `references`) and, when personalized, a justification. */
export const ReportStep = WorkflowStep.extend({
  justification: z.string().default(""),
  citations: z.array(z.string()).default([]),
});
export type ReportStep = z.infer<typeof ReportStep>;

/** One row of the condition-resolution table. */
export const ConditionRow = z.object({
  condition: z.string(),
  evidence: z.string(),
  /** "Resolved: <path>" or "Unresolved: keep condition". */
  resolution: z.string(),
  resolved: z.boolean(),
  citations: z.array(z.string()).default([]),
});
export type ConditionRow = z.infer<typeof ConditionRow>;

/** A reference: a citation key (e.g. `src_3` or the artifact id) mapped to the real source it names. */
export const Reference = z.object({
  key: z.string().min(1),
  /** The cited document's handle in the environment (its role is in the task's manifest). */
  source_id: z.string().min(1),
  title: z.string().default(""),
  app: z.string().default(""),
  path: z.string().default(""),
});
export type Reference = z.infer<typeof Reference>;

export const Report = z.object({
  task_id: z.string().min(1),
  question: z.string().default(""),
  executive_summary: z.string().default(""),
  generic_workflow: z.array(ReportStep).default([]),
  condition_resolution: z.array(ConditionRow).default([]),
  personalized_workflow: z.array(ReportStep).default([]),
  references: z.array(Reference).default([]),
  /** Free text beyond the workflow (DRBench-style findings); judged by the DRBench metrics. */
  findings: z.string().default(""),
});
export type Report = z.infer<typeof Report>;
