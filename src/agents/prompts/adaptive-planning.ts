/** @module DRFA gap finding (J.6): 0-2 complementary actions under explicit diversity rules. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { pyBool, pyJson } from "../../llm/paper-template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";

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
    { name: "adaptive planning prompt (J.6)", strict: true },
  );
}
