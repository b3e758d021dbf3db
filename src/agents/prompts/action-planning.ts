/** @module DRFA action planning (J.5): 2-3 diverse actions per investigation area. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { adapt } from "./adapters.ts";

/** Figure J.5 of the paper, VERBATIM with the figure's line breaks restored (action-planning.txt; slots keep the paper's f-string names). */
export const TEMPLATE = parseTemplate(
  readPromptFile(new URL("./action-planning.txt", import.meta.url)).text("J.5"),
);

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
  const filled = fillTemplate(
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
    { name: "action planning prompt (J.5)", strict: true },
  );
  return adapt("J.5", filled);
}
