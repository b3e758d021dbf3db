/** @module DRFA gap finding (J.6): 0-2 complementary actions under explicit diversity rules. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { pyBool, pyJson } from "../../llm/paper-template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { adapt, documentsSlot } from "./adapters.ts";

/** Figure J.6 of the paper, VERBATIM with the figure's line breaks restored (adaptive-planning.txt; slots keep the paper's f-string names). */
export const TEMPLATE = parseTemplate(
  readPromptFile(new URL("./adaptive-planning.txt", import.meta.url)).text("J.6"),
);

export type AdaptivePlanningSlots = {
  researchQuery: string;
  completedActions: number;
  /** `action_plan.get_stats()`: counts by status and stage. */
  planStats: Record<string, unknown>;
  hasPolicyDocuments: boolean;
  hasPersonalEvidence: boolean;
  /** Every planned action's query and description, in plan order (the paper shows the first 15; drflow all of them). */
  existingQueries: readonly string[];
  existingDescriptions: readonly string[];
  availableToolNames: string;
  /** How many of the planned actions have run and how many wait (adapter J.6.lists). */
  ran: number;
  pending: number;
  /** One line per document found, with how much of it was read (adapter J.6.documents). */
  documentsFound: readonly string[];
  /** The offered action types and the one parameters shape (adapter J.6.shape; prompts/tool-guidelines.ts). */
  actionTypes: string;
  parameters: string;
};

export function renderAdaptivePlanning(s: AdaptivePlanningSlots): string {
  const filled = fillTemplate(
    TEMPLATE,
    {
      "action_plan.research_query": s.researchQuery,
      "len(completed_actions)": String(s.completedActions),
      "json.dumps(action_plan.get_stats(), indent=2)": pyJson(s.planStats),
      "internal_findings['has_internal']": pyBool(s.hasPolicyDocuments),
      "internal_findings['has_enterprise']": pyBool(s.hasPersonalEvidence),
      // All of them, not the first 15: the counts above count every planned action (adapter J.6.lists says so).
      "json.dumps(existing_queries[:15], indent=2)": pyJson(s.existingQueries),
      "chr(10).join(existing_descriptions[:15])": s.existingDescriptions.join("\n"),
      available_tool_names: s.availableToolNames,
    },
    { name: "adaptive planning prompt (J.6)", strict: true },
  );
  return adapt("J.6", filled, {
    planned: String(s.existingQueries.length),
    ran: String(s.ran),
    pending: String(s.pending),
    documents_found: String(s.documentsFound.length),
    documents: documentsSlot(s.documentsFound),
    action_types: s.actionTypes,
    parameters: s.parameters,
  });
}
