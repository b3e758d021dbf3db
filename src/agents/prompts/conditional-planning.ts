/** @module DRFA conditional action planning (J.8): targeted personal-evidence actions for unresolved conditions. */
import { fillTemplate, parseTemplate, pyJson, restoreLineBreaks } from "../../llm/paper-template.ts";

/** Figure J.8 of the paper, VERBATIM (PDF text of seed 000; the figure title is dropped, slots keep the paper's f-string names). */
export const SOURCE =
  'Generate 3-6 diverse search actions to find PERSONAL/USER-SPECIFIC evidence that can resolve the conditional steps in a workflow. The goal is personalization: find facts about the user\'s specific situation so that each condition can be resolved to a concrete branch. RESEARCH QUESTION: {context.original_question} CONDITIONAL STEPS TO RESOLVE: {conditions_summary} ALREADY-USED QUERIES (do NOT repeat or closely rephrase these): {json.dumps(existing_queries[:15], indent=2)} Available Tools: {available_tool_names} Tool Guidelines: {tool_guidelines} REQUIREMENTS: - Each action should target a DIFFERENT conditional step OR a different angle of the same step. - Vary the tools used (mix local document search, enterprise API, etc.) when multiple are available. - Search for USER-SPECIFIC evidence (emails, chats, user files, records) - NOT general policy documents. - Queries should be concrete and specific - terms that would appear in real user communications. - Do NOT just rephrase the condition description as a query. Think about what actual user data would contain the answer (e.g., specific correspondence, filed forms, meeting notes, approvals). Return a JSON array of 3-6 actions: [ {{ "type": "enterprise_api" or "local_document_search", "description": "What this searches for and which condition it resolves", "parameters": {{"query": "specific search terms", "service": "auto"}} or {{"query": "...", "top_k": 10}}, "priority": 0.8-0.95, "expected_output": "What user-specific evidence this should find", "preferred_tool": "EnterpriseAPITool" or "LocalFileSearchTool" }} ] Return valid JSON only, no other text.';

/** The figure's line breaks restored (the PDF text is one line). */
export const TEMPLATE = parseTemplate(restoreLineBreaks(SOURCE));

export type ConditionalPlanningSlots = {
  originalQuestion: string;
  conditionsSummary: string;
  existingQueries: readonly string[];
  availableToolNames: string;
  toolGuidelines: string;
};

export function renderConditionalPlanning(s: ConditionalPlanningSlots): string {
  return fillTemplate(
    TEMPLATE,
    {
      "context.original_question": s.originalQuestion,
      conditions_summary: s.conditionsSummary,
      "json.dumps(existing_queries[:15], indent=2)": pyJson(s.existingQueries.slice(0, 15)),
      available_tool_names: s.availableToolNames,
      tool_guidelines: s.toolGuidelines,
    },
    "conditional action planning prompt (J.8)",
  );
}
