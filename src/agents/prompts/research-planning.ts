/** @module DRFA research planning (J.4): two investigation areas, one requirement-collection and one personal-evidence area. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { adapt } from "./adapters.ts";

/** Figure J.4 of the paper, VERBATIM with the figure's line breaks restored (research-planning.txt; slots keep the paper's f-string names). */
export const TEMPLATE = parseTemplate(
  readPromptFile(new URL("./research-planning.txt", import.meta.url)).text("J.4"),
);

export type ResearchPlanningSlots = { question: string; toolsSection: string };

export function renderResearchPlanning(s: ResearchPlanningSlots): string {
  const filled = fillTemplate(
    TEMPLATE,
    { question: s.question, tools_section: s.toolsSection },
    { name: "research planning prompt (J.4)", strict: true },
  );
  return adapt("J.4", filled);
}
