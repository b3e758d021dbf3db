/** @module The follow-up sent when a judge reply cannot be used: what was wrong, and the instruction to answer again in format. */
import { fillPaperTemplate } from "./template.ts";

export const REPAIR_TEMPLATE = `Your previous reply could not be used: {problem} Reply again with ONLY the requested output, in exactly the format the instructions give, and no other text.`;

export function repairPrompt(problem: string): string {
  return fillPaperTemplate(REPAIR_TEMPLATE, { problem }, "repair");
}
