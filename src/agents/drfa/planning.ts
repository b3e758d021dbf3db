/** @module DRFA stages 1-2: research planning (J.4, one area per evidence objective) and action planning (J.5). */
import { renderActionPlanning } from "../prompts/action-planning.ts";
import { renderResearchPlanning } from "../prompts/research-planning.ts";
import {
  actionPlanGuidelines,
  availableToolNames,
  toolGuidelines,
  toolsSection,
} from "../prompts/tool-guidelines.ts";
import { type Action, plannedActions, toAction } from "../shared/action.ts";
import type { ResearchContext } from "../shared/context.ts";
import { askJson } from "../shared/llm.ts";
import { type ResearchArea, ResearchPlan } from "../shared/research-plan.ts";

export const OBJECTIVES = ["REQUIREMENT_COLLECTION", "PERSONAL_EVIDENCE_COLLECTION"] as const;

/** The default area for an objective the model's plan lacks: built from the question, as J.4's template reads. */
function defaultArea(stage: (typeof OBJECTIVES)[number], question: string, id: number): ResearchArea {
  const requirement = stage === "REQUIREMENT_COLLECTION";
  return {
    area_id: id,
    stage,
    research_focus: requirement
      ? `INTERNAL (local + enterprise) policies, playbooks, and procedures related to: ${question}`
      : `User's emails, chats, and files about the specific situation in: ${question}`,
    information_needs: requirement
      ? ["Step-by-step procedures", "Decision points", "Required forms/approvals"]
      : ["Incident details", "Vendor/entity names", "Dates", "Constraints"],
    knowledge_sources: ["internal"],
    research_approach: requirement ? "requirement_analysis" : "evidence_gathering",
    search_terms: [question],
    business_rationale: "",
    importance_level: "critical",
  };
}

/**
 * Stage 1 (J.4). The plan keeps exactly one area per evidence objective (the first the model gives for each stage);
 * an objective the reply misses falls back to the template's default area (noted in the trace). An unusable reply
 * fails the run (askJson).
 */
export async function researchPlanning(rc: ResearchContext): Promise<ResearchArea[]> {
  const prompt = renderResearchPlanning({
    question: rc.question,
    toolsSection: toolsSection(rc.toolbox.info()),
  });
  const plan = await askJson(rc, {
    stage: "research_planning",
    prompt,
    schema: ResearchPlan,
    schemaName: "research_plan",
    template: "J.4",
  });
  const areas = plan.research_investigation_areas;
  return OBJECTIVES.map((stage, i) => {
    const found = areas.find((a) => a.stage === stage);
    if (found) return found;
    rc.tracer.note(`research planning: no ${stage} area in the reply; using the default area for it`);
    return defaultArea(stage, rc.question, i + 1);
  });
}

/** Stage 2 (J.5): 2-3 actions per area; a reply with no actions becomes one action over the area's search terms. */
export async function actionPlanning(rc: ResearchContext, areas: readonly ResearchArea[]): Promise<Action[]> {
  const tools = rc.toolbox.info();
  const all: Action[] = [];
  for (const [index, area] of areas.entries()) {
    const areaId = String(index + 1);
    const stage = area.stage;
    const prompt = renderActionPlanning({
      originalQuestion: rc.question,
      stage,
      researchFocus: area.research_focus,
      informationNeeds: area.information_needs,
      knowledgeSources: area.knowledge_sources,
      availableToolNames: availableToolNames(tools),
      toolGuidelines: toolGuidelines(tools),
      actionPlanGuidelines: actionPlanGuidelines(tools),
    });
    const proposed = await askJson(rc, {
      stage: "action_planning",
      prompt,
      schema: plannedActions(tools),
      schemaName: "actions",
      template: "J.5",
    });
    const actions = proposed
      .slice(0, 3)
      .map((p, i) => toAction(p, { id: `${areaId}_action_${i}`, stage, origin: "plan", priority: 0.9 }));
    if (actions.length === 0) {
      rc.tracer.note(`action planning: no usable actions for area ${areaId}; searching its terms`);
      actions.push(
        toAction(
          {
            type: stage === "REQUIREMENT_COLLECTION" ? "local_document_search" : "enterprise_api",
            description: area.research_focus,
            parameters: {
              query: (area.search_terms.length ? area.search_terms : [rc.question]).join(" "),
              top_k: 10,
            },
            priority: 0.9,
            expected_output: "",
            preferred_tool: "",
          },
          { id: `${areaId}_action_0`, stage, origin: "plan", priority: 0.9 },
        ),
      );
    }
    all.push(...actions);
  }
  return all;
}
