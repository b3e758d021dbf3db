/**
 * @module DRBA's planning prompts (DRBench's baseline agent): simple research planning (SRP), complex research planning
 * (CRP), action generation and adaptive action planning (AAP). The DRBench seed (003) describes these modules but does
 * not print their prompts, so this wording is OURS, written from that description: SRP is a lightweight sub-question
 * decomposition; CRP a structured plan with investigation areas, expected sources and success criteria; AAP proposes
 * new actions from research gaps. Unlike DRFA's prompts they know nothing of workflows, conditions or the
 * generic/personal split. On DRFlow tasks DRBA's report uses the J.9 workflow prediction prompt, as the DRFlow paper
 * adapts it; on DRBench tasks it writes DRBench's insight + citation report (`RESEARCH_REPORT_SOURCE`, also ours).
 */
import { fillTemplate, parseTemplate, pyJson } from "../../llm/paper-template.ts";

export const SRP_SOURCE = `Break the following enterprise research question into 2-4 simpler sub-questions that together answer it.
Each sub-question must be answerable by searching the company's documents, emails, chats and files.

RESEARCH QUESTION: "{question}"

Return a JSON object only, no other text:
{{ "sub_questions": ["first sub-question", "second sub-question"] }}`;

export const CRP_SOURCE = `You are planning a deep research investigation over a company's private data (shared documents, files, emails, chats).

RESEARCH QUESTION: "{question}"

{tools_section}

Design a structured research plan with 2-4 investigation areas. For each area give the research focus, the
information needed, the knowledge sources expected to hold it, the success criteria that tell when the area is
covered, and search terms.

Return a JSON object only, no other text:
{{
  "research_investigation_areas": [
    {{
      "area_id": 1,
      "research_focus": "what this area investigates",
      "information_needs": ["need 1", "need 2"],
      "knowledge_sources": ["internal"],
      "expected_sources": ["policy documents", "emails"],
      "success_criteria": ["what must be found for this area to be complete"],
      "search_terms": ["term 1", "term 2"],
      "importance_level": "critical"
    }}
  ]
}}`;

export const ACTIONS_SOURCE = `Generate 1-3 search actions for this research objective.

RESEARCH QUESTION: "{question}"
OBJECTIVE: {objective}
Available Tools: {available_tool_names}
Tool Selection Guidelines: {tool_guidelines}
{action_plan_guidelines}

Each action must use a different search query. Return a JSON array of actions only, no other text.`;

export const AAP_SOURCE = `You are running a deep research investigation.

RESEARCH QUESTION: "{question}"
COMPLETED ACTIONS: {completed}
WHAT HAS BEEN FOUND SO FAR:
{findings_summary}

QUERIES ALREADY USED (do not repeat them):
{existing_queries}

Available Tools: {available_tool_names}
{action_plan_guidelines}

Identify research gaps: information the question needs that the findings do not yet cover. Suggest 0-2 new search
actions that fill those gaps. Return [] when the findings already answer the question. Return a JSON array only.`;

export const SRP_TEMPLATE = parseTemplate(SRP_SOURCE);
export const CRP_TEMPLATE = parseTemplate(CRP_SOURCE);
export const ACTIONS_TEMPLATE = parseTemplate(ACTIONS_SOURCE);
export const AAP_TEMPLATE = parseTemplate(AAP_SOURCE);

export function renderSrp(s: { question: string }): string {
  return fillTemplate(SRP_TEMPLATE, { question: s.question }, "DRBA simple research planning prompt");
}

export function renderCrp(s: { question: string; toolsSection: string }): string {
  return fillTemplate(
    CRP_TEMPLATE,
    { question: s.question, tools_section: s.toolsSection },
    "DRBA complex research planning prompt",
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
    "DRBA action generation prompt",
  );
}

export type AapSlots = {
  question: string;
  completed: number;
  findingsSummary: string;
  existingQueries: readonly string[];
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
      existing_queries: pyJson(s.existingQueries.slice(0, 15)),
      available_tool_names: s.availableToolNames,
      action_plan_guidelines: s.actionPlanGuidelines,
    },
    "DRBA adaptive action planning prompt",
  );
}

/**
 * DRBA's research report (DRBench's report mode: "insight + citation" items). DRBench's own report prompt is not in the
 * spec (seed 003 describes only the format); this wording is drflow's.
 */
export const RESEARCH_REPORT_SOURCE = `You are writing the final report of an enterprise deep research investigation for {user}.

RESEARCH QUESTION: "{question}"
{subquestions}
SOURCES (cite them by their key, e.g. src_3):
{sources_reference}

EVIDENCE:
{findings_text}

Write a research report that answers the question from the evidence. State each finding as one self-contained
insight: a specific fact, figure or decision with its time period and entity, followed by the keys of the sources
that state it. Put the insights that best answer the question first. Leave out facts about other topics, and do not
state anything the evidence does not support.

Return a JSON object only, no other text:
{{ "summary": "2-3 sentences answering the question", "insights": [{{ "text": "one insight", "citations": ["src_1"] }}] }}`;

export const RESEARCH_REPORT_TEMPLATE = parseTemplate(RESEARCH_REPORT_SOURCE);

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
    "DRBA research report",
  );
}
