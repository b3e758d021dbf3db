/**
 * @module DRBA's planning prompts (DRBench's baseline agent): simple research planning (SRP), complex research planning
 * (CRP), action generation and adaptive action planning (AAP). The DRBench seed (003) describes these modules but does
 * not print their prompts, so this wording is OURS, written from that description: SRP is a lightweight sub-question
 * decomposition; CRP a structured plan with investigation areas, expected sources and success criteria; AAP proposes
 * new actions from research gaps. Unlike DRFA's prompts they know nothing of workflows, conditions or the
 * generic/personal split. On DRFlow tasks DRBA's report uses the J.9 workflow prediction prompt, as the DRFlow paper
 * adapts it; on DRBench tasks it writes DRBench's insight + citation report (`drba.research_report`, also ours); the texts are in drba.txt.
 */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { pyJson } from "../../llm/paper-template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { documentsSlot } from "./adapters.ts";

const PROMPTS = readPromptFile(new URL("./drba.txt", import.meta.url));

export const SRP_TEMPLATE = parseTemplate(PROMPTS.text("drba.srp"));
export const CRP_TEMPLATE = parseTemplate(PROMPTS.text("drba.crp"));
export const ACTIONS_TEMPLATE = parseTemplate(PROMPTS.text("drba.actions"));
export const AAP_TEMPLATE = parseTemplate(PROMPTS.text("drba.aap"));

export function renderSrp(s: { question: string }): string {
  return fillTemplate(
    SRP_TEMPLATE,
    { question: s.question },
    { name: "DRBA simple research planning prompt", strict: true },
  );
}

export function renderCrp(s: { question: string; toolsSection: string }): string {
  return fillTemplate(
    CRP_TEMPLATE,
    { question: s.question, tools_section: s.toolsSection },
    { name: "DRBA complex research planning prompt", strict: true },
  );
}

export type DrbaActionsSlots = {
  question: string;
  objective: string;
  availableToolNames: string;
  toolGuidelines: string;
  actionPlanGuidelines: string;
};

export function renderDrbaActions(s: DrbaActionsSlots): string {
  return fillTemplate(
    ACTIONS_TEMPLATE,
    {
      question: s.question,
      objective: s.objective,
      available_tool_names: s.availableToolNames,
      tool_guidelines: s.toolGuidelines,
      action_plan_guidelines: s.actionPlanGuidelines,
    },
    { name: "DRBA action generation prompt", strict: true },
  );
}

export type AapSlots = {
  question: string;
  completed: number;
  findingsSummary: string;
  existingQueries: readonly string[];
  /** One line per document found (the reader reads one of them whole). */
  documentsFound: readonly string[];
  availableToolNames: string;
  actionPlanGuidelines: string;
};

export function renderAap(s: AapSlots): string {
  return fillTemplate(
    AAP_TEMPLATE,
    {
      question: s.question,
      completed: String(s.completed),
      findings_summary: s.findingsSummary,
      existing_queries: pyJson(s.existingQueries),
      documents_found: String(s.documentsFound.length),
      documents: documentsSlot(s.documentsFound),
      available_tool_names: s.availableToolNames,
      action_plan_guidelines: s.actionPlanGuidelines,
    },
    { name: "DRBA adaptive action planning prompt", strict: true },
  );
}

/**
 * DRBA's research report (DRBench's report mode: "insight + citation" items). DRBench's own report prompt is not in the
 * spec (seed 003 describes only the format); this wording is drflow's.
 */
export const RESEARCH_REPORT_TEMPLATE = parseTemplate(PROMPTS.text("drba.research_report"));

export function renderResearchReport(slots: {
  question: string;
  subquestions: readonly string[];
  user: string;
  sourcesReference: string;
  findingsText: string;
}): string {
  return fillTemplate(
    RESEARCH_REPORT_TEMPLATE,
    {
      question: slots.question,
      subquestions: slots.subquestions.length
        ? `SUB-QUESTIONS:\n${slots.subquestions.map((q) => `- ${q}`).join("\n")}\n`
        : "",
      user: slots.user,
      sources_reference: slots.sourcesReference,
      findings_text: slots.findingsText,
    },
    { name: "DRBA research report", strict: true },
  );
}
