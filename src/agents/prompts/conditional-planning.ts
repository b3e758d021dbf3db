/** @module DRFA conditional action planning (J.8): targeted personal-evidence actions for unresolved conditions. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { pyJson } from "../../llm/paper-template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { adapt, documentsSlot } from "./adapters.ts";

/** Figure J.8 of the paper, VERBATIM with the figure's line breaks restored (conditional-planning.txt; slots keep the paper's f-string names). */
export const TEMPLATE = parseTemplate(
  readPromptFile(new URL("./conditional-planning.txt", import.meta.url)).text("J.8"),
);

export type ConditionalPlanningSlots = {
  originalQuestion: string;
  conditionsSummary: string;
  existingQueries: readonly string[];
  availableToolNames: string;
  toolGuidelines: string;
  /** The offered action types and the one parameters shape (adapter J.8.shape; prompts/tool-guidelines.ts). */
  actionTypes: string;
  parameters: string;
  /** One line per condition targeted in earlier rounds (adapter J.8.targeted; drfa/targeted.ts). */
  targeted: readonly string[];
  /** One line per document found (adapter J.8.documents: the reader reads one of them whole). */
  documentsFound: readonly string[];
};

export function renderConditionalPlanning(s: ConditionalPlanningSlots): string {
  const filled = fillTemplate(
    TEMPLATE,
    {
      "context.original_question": s.originalQuestion,
      conditions_summary: s.conditionsSummary,
      // All of them, not the first 15: a query past the 15th is as used as the first.
      "json.dumps(existing_queries[:15], indent=2)": pyJson(s.existingQueries),
      available_tool_names: s.availableToolNames,
      tool_guidelines: s.toolGuidelines,
    },
    { name: "conditional action planning prompt (J.8)", strict: true },
  );
  return adapt("J.8", filled, {
    action_types: s.actionTypes,
    parameters: s.parameters,
    documents_found: String(s.documentsFound.length),
    documents: documentsSlot(s.documentsFound),
    targeted: s.targeted.length
      ? `\n${s.targeted.join("\n")}`
      : " none, every condition extracted so far is listed above.",
  });
}
