/** @module DRFA gap finding (J.6): 0-2 complementary actions under explicit diversity rules. */
import { fillTemplate, parseTemplate, pyBool, pyJson, restoreLineBreaks } from "../../llm/paper-template.ts";

/** Figure J.6 of the paper, VERBATIM (PDF text of seed 000; the figure title is dropped, slots keep the paper's f-string names). */
export const SOURCE =
  'Based on the research progress, suggest 0-2 additional actions ONLY if genuine gaps exist. Original Research Query: {action_plan.research_query} Completed Actions: {len(completed_actions)} Current Action Plan Status: {json.dumps(action_plan.get_stats(), indent=2)} SOURCE ANALYSIS: - Policy Documents Found: {internal_findings[\'has_internal\']} - Personal Evidence Found: {internal_findings[\'has_enterprise\']} ALREADY-USED SEARCH QUERIES (DO NOT repeat or rephrase these): {json.dumps(existing_queries[:15], indent=2)} EXISTING ACTION DESCRIPTIONS: {chr(10).join(existing_descriptions[:15])} **CRITICAL DIVERSITY RULES:** 1. Do NOT suggest queries that overlap >50% in keywords with any already-used query above. 2. Each new action MUST explore a DIFFERENT evidence dimension (e.g. people, dates, specific systems, regulatory bodies, incident IDs) - not just rephrase the topic. 3. If REQUIREMENT_COLLECTION already has 7+ actions, do NOT add more for that stage. 4. If PERSONAL_EVIDENCE_COLLECTION already has 7+ actions, do NOT add more for that stage. 5. If both policy documents AND personal evidence are found, return []. Available Tools: {available_tool_names} Return a JSON array (0-2 actions). Return [] if no genuine gaps exist: [ {{ "type": "local_document_search", "description": "A genuinely different search angle not covered above", "parameters": {{"query": "novel keywords not used before", "top_k": 15}}, "priority": 0.85, "expected_output": "New information not already retrieved", "preferred_tool": "LocalFileSearchTool", "stage": "PERSONAL_EVIDENCE_COLLECTION" }} ] Create valid JSON only, no other text.';

/** The figure's line breaks restored (the PDF text is one line). */
export const TEMPLATE = parseTemplate(restoreLineBreaks(SOURCE));

export type AdaptivePlanningSlots = {
  researchQuery: string;
  completedActions: number;
  /** `action_plan.get_stats()`: counts by status and stage. */
  planStats: Record<string, unknown>;
  hasPolicyDocuments: boolean;
  hasPersonalEvidence: boolean;
  existingQueries: readonly string[];
  existingDescriptions: readonly string[];
  availableToolNames: string;
};

export function renderAdaptivePlanning(s: AdaptivePlanningSlots): string {
  return fillTemplate(
    TEMPLATE,
    {
      "action_plan.research_query": s.researchQuery,
      "len(completed_actions)": String(s.completedActions),
      "json.dumps(action_plan.get_stats(), indent=2)": pyJson(s.planStats),
      "internal_findings['has_internal']": pyBool(s.hasPolicyDocuments),
      "internal_findings['has_enterprise']": pyBool(s.hasPersonalEvidence),
      "json.dumps(existing_queries[:15], indent=2)": pyJson(s.existingQueries.slice(0, 15)),
      "chr(10).join(existing_descriptions[:15])": s.existingDescriptions.slice(0, 15).join("\n"),
      available_tool_names: s.availableToolNames,
    },
    "adaptive planning prompt (J.6)",
  );
}
