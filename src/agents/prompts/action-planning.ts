/** @module DRFA action planning (J.5): 2-3 diverse actions per investigation area. */
import { fillTemplate, parseTemplate, restoreLineBreaks } from "../../llm/paper-template.ts";

/** Figure J.5 of the paper, VERBATIM (PDF text of seed 000; the figure title is dropped, slots keep the paper's f-string names). */
export const SOURCE =
  "Generate 2-3 diverse, targeted actions for this research investigation area. ORIGINAL DR QUESTION: {original_question} CURRENT STAGE: {stage} Research Focus: {research_focus} Information Needs: {information_needs} Knowledge Sources: {knowledge_sources} Available Tools: {available_tool_names} Tool Selection Guidelines: {tool_guidelines} {_get_action_plan_guidelines(available_tool_names)} IMPORTANT: Each action must use a genuinely different search query, not a rephrasing of the same terms. Think about different aspects, sub-topics, document types, or terminology that would retrieve complementary results. Return a JSON array with 2-3 actions.";

/** The figure's line breaks restored (the PDF text is one line). */
export const TEMPLATE = parseTemplate(restoreLineBreaks(SOURCE));

export type ActionPlanningSlots = {
  originalQuestion: string;
  stage: string;
  researchFocus: string;
  informationNeeds: readonly string[];
  knowledgeSources: readonly string[];
  availableToolNames: string;
  toolGuidelines: string;
  actionPlanGuidelines: string;
};

export function renderActionPlanning(s: ActionPlanningSlots): string {
  return fillTemplate(
    TEMPLATE,
    {
      original_question: s.originalQuestion,
      stage: s.stage,
      research_focus: s.researchFocus,
      information_needs: JSON.stringify(s.informationNeeds),
      knowledge_sources: JSON.stringify(s.knowledgeSources),
      available_tool_names: s.availableToolNames,
      tool_guidelines: s.toolGuidelines,
      "_get_action_plan_guidelines(available_tool_names)": s.actionPlanGuidelines,
    },
    "action planning prompt (J.5)",
  );
}
