/** @module DRFA intermediate generic workflow (J.7): steps and their conditions from the findings so far. */
import { fillTemplate, parseTemplate, restoreLineBreaks } from "../../llm/paper-template.ts";

/** Figure J.7 of the paper, VERBATIM (PDF text of seed 000; the figure title is dropped, slots keep the paper's f-string names). */
export const SOURCE =
  'You are analyzing research findings (policy documents, workflow procedures) for THIS specific research question. Extract only workflow and conditions that are RELEVANT to this question. RESEARCH QUESTION: {research_query}\nFINDINGS (policy/workflow content): {findings_summary} TASK: A) EXTRACT THE GENERIC WORKFLOW that is directly relevant to the research question above. List the main steps (e.g. step 1: "Create incident record", step 2: "Complete Gate 1", ...). For each step set is_conditional: true only if that step has explicit decision branches (if/then/else, or "if X then path A, else path B") in the text. B) For each step where is_conditional is true, add ONE entry to "conditional_steps" with: - condition_id: short id based on THAT step (e.g. "consent_waiver_vs_written") - step_number: the step index - description: the exact decision from the workflow (e.g. "Whether consent can be waived or written consent is required") - branches: the actual branch options from the document (e.g. ["waiver applicable", "written consent required"]) - evidence_needed: what user/personal fact would resolve it (e.g. "study design, vulnerable population, data category") - search_queries: 2-3 diverse search phrases to find that evidence in user emails/chats/files. Each query must be meaningfully different from the others - not rephrasings. Each query across ALL conditional_steps must also be distinct. IMPORTANT: conditional_steps must ONLY include conditions that appear in the extracted workflow for THIS research question. Do not add generic conditions (e.g. "vendor vs internal", "encrypted vs not") unless they actually appear in the findings for this question. Return a single JSON object only, no other text. Example: {{ "generic_workflow_steps": [ {{ "step": 1, "title": "Create project record", "is_conditional": false }}, {{ "step": 2, "title": "Determine consent approach", "is_conditional": true }} ], "conditional_steps": [ {{ "condition_id": "consent_waiver_vs_written", "step_number": 2, "description": "Whether consent can be waived or written consent is required", "branches": ["waiver applicable", "written consent required"], "evidence_needed": "Study design, data category, vulnerable population", "search_queries": ["relevant term from workflow", "evidence search phrase", "another distinct angle"] }} ] }} If the workflow has no conditional steps, set "conditional_steps": [].';

/** The figure's line breaks restored (the PDF text is one line). */
export const TEMPLATE = parseTemplate(restoreLineBreaks(SOURCE));

export type IntermediateWorkflowSlots = { researchQuery: string; findingsSummary: string };

export function renderIntermediateWorkflow(s: IntermediateWorkflowSlots): string {
  return fillTemplate(
    TEMPLATE,
    { research_query: s.researchQuery, findings_summary: s.findingsSummary },
    "intermediate workflow prompt (J.7)",
  );
}
