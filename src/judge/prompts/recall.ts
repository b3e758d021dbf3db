/** @module Judge prompt Figure N.2 (recall-oriented step alignment), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { type GoldStep, goldAnswer } from "../gold.ts";
import { withAlignmentAdapter } from "./alignment-adapter.ts";
import { GOLD_ANSWER_CHARS, predStepsText } from "./steps-text.ts";
import { fillPaperTemplate, truncate } from "./template.ts";

export const RECALL_TEMPLATE = readPromptFile(new URL("./recall.txt", import.meta.url)).text("N.2");

/** What N.2 sends: the verbatim template with drflow's alignment adapter line after its matching rules. */
export const RECALL_PROMPT_TEMPLATE = withAlignmentAdapter(RECALL_TEMPLATE, "## Ground Truth Step");

/** N.2 for one golden step against every predicted step. */
export function recallPrompt(gold: GoldStep, pred: readonly ReportStep[]): string {
  return fillPaperTemplate(
    RECALL_PROMPT_TEMPLATE,
    {
      gold_id: gold.id,
      gold_title: gold.title,
      gold_task: gold.task,
      gold_answer_truncated: truncate(goldAnswer(gold), GOLD_ANSWER_CHARS),
      pred_steps_text: predStepsText(pred),
    },
    "N.2",
  );
}
