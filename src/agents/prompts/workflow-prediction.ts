/** @module Workflow prediction (J.9): the Markdown report with generic and personalized workflows, shared by every LLM agent. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { adapt } from "./adapters.ts";

/** Figure J.9 of the paper, VERBATIM with the figure's line breaks restored (workflow-prediction.txt; slots keep the paper's f-string names). */
export const TEMPLATE = parseTemplate(
  readPromptFile(new URL("./workflow-prediction.txt", import.meta.url)).text("J.9"),
);

export type WorkflowPredictionSlots = {
  originalQuestion: string;
  /** One line per source: `src_N: <title> (<type>)`. */
  docIdsBlock: string;
  findingsText: string;
  sourcesReference: string;
  /** The persona block (adapter J.9.persona): the user's name, address, role and responsibilities. */
  persona: string;
};

export function renderWorkflowPrediction(s: WorkflowPredictionSlots): string {
  const filled = fillTemplate(
    TEMPLATE,
    {
      "context.original_question": s.originalQuestion,
      doc_ids_block: s.docIdsBlock,
      findings_text: s.findingsText,
      sources_reference: s.sourcesReference,
    },
    { name: "workflow prediction prompt (J.9)", strict: true },
  );
  return adapt("J.9", filled, { persona: s.persona });
}
