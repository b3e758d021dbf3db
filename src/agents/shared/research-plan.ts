/** @module Research plans as models return them (J.4 areas; DRBA's CRP areas and SRP sub-questions). */
import { z } from "zod";

const text = z.union([z.string(), z.number()]).transform(String);
const list = z
  .union([z.array(text), text])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .default([]);

/** One research investigation area (Appendix J.2); loosely typed because models vary. */
export const InvestigationArea = z.looseObject({
  area_id: z.union([z.number(), z.string()]).optional(),
  stage: z.string().default(""),
  research_focus: z.string().default(""),
  information_needs: list,
  knowledge_sources: list,
  research_approach: z.string().default(""),
  search_terms: list,
  business_rationale: z.string().default(""),
  importance_level: z.string().default(""),
  /** DRBA (CRP) fields. */
  expected_sources: list,
  success_criteria: list,
});
export type InvestigationArea = z.infer<typeof InvestigationArea>;

export const ResearchPlan = z.looseObject({
  research_investigation_areas: z.array(InvestigationArea).min(1),
  workflow_strategy: z.record(z.string(), z.unknown()).optional(),
});
export type ResearchPlan = z.infer<typeof ResearchPlan>;

/** DRBA's simple research planning reply. */
export const SubQuestions = z.object({ sub_questions: z.array(z.string().min(1)).min(1) });
export type SubQuestions = z.infer<typeof SubQuestions>;
