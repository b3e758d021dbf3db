/**
 * @module Research plans as the prompts ask for them: J.4's two investigation areas with its workflow strategy, DRBA's
 * CRP areas and SRP sub-questions. Each schema has exactly the fields its prompt's example shows, typed as the example
 * types them, so strict structured output asks for what the prompt asks for.
 */
import { z } from "zod";
import { CollectionStage } from "./action.ts";

/** One research investigation area of J.4 (Appendix J.2), the fields of its example. */
export const ResearchArea = z.object({
  area_id: z.number(),
  stage: CollectionStage,
  research_focus: z.string(),
  information_needs: z.array(z.string()),
  knowledge_sources: z.array(z.string()),
  research_approach: z.string(),
  search_terms: z.array(z.string()),
  business_rationale: z.string(),
  importance_level: z.string(),
});
export type ResearchArea = z.infer<typeof ResearchArea>;

/** J.4's `workflow_strategy`: an object with its example's keys (not free key/value pairs). */
export const WorkflowStrategy = z.object({
  requirement_gathering_approach: z.string(),
  personal_evidence_strategy: z.string(),
  flowchart_focus: z.string(),
  generic_workflow_coverage: z.array(z.string()),
  personal_evidence_needs: z.array(z.string()),
});

/** J.4's reply. */
export const ResearchPlan = z.object({
  research_investigation_areas: z.array(ResearchArea).min(1),
  workflow_strategy: WorkflowStrategy,
});
export type ResearchPlan = z.infer<typeof ResearchPlan>;

/** One area of DRBA's complex research plan (CRP), the fields of its prompt's example. */
export const CrpArea = z.object({
  area_id: z.number(),
  research_focus: z.string(),
  information_needs: z.array(z.string()),
  knowledge_sources: z.array(z.string()),
  expected_sources: z.array(z.string()),
  success_criteria: z.array(z.string()),
  search_terms: z.array(z.string()),
  importance_level: z.string(),
});

/** DRBA's complex research planning reply. */
export const CrpPlan = z.object({ research_investigation_areas: z.array(CrpArea).min(1) });

/** DRBA's simple research planning reply. */
export const SubQuestions = z.object({ sub_questions: z.array(z.string().min(1)).min(1) });
export type SubQuestions = z.infer<typeof SubQuestions>;
