/** @module DRFA intermediate generic workflow (J.7): steps and their conditions from the findings so far. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";

/** Figure J.7 of the paper, VERBATIM with the figure's line breaks restored (intermediate-workflow.txt; slots keep the paper's f-string names). */
export const TEMPLATE = parseTemplate(
  readPromptFile(new URL("./intermediate-workflow.txt", import.meta.url)).text("J.7"),
);

export type IntermediateWorkflowSlots = { researchQuery: string; findingsSummary: string };

export function renderIntermediateWorkflow(s: IntermediateWorkflowSlots): string {
  return fillTemplate(
    TEMPLATE,
    { research_query: s.researchQuery, findings_summary: s.findingsSummary },
    { name: "intermediate workflow prompt (J.7)", strict: true },
  );
}
