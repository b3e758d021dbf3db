/** @module Judge prompt Figure N.1 (precision-oriented step alignment), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import type { GoldStep } from "../gold.ts";
import { withoutCitations } from "../report/citations.ts";
import { withAlignmentAdapter } from "./alignment-adapter.ts";
import { goldStepsText } from "./steps-text.ts";
import { fillPaperTemplate } from "./template.ts";

export const PRECISION_TEMPLATE = readPromptFile(new URL("./precision.txt", import.meta.url)).text("N.1");

/** What N.1 sends: the verbatim template with drflow's alignment adapter line after its matching rules. */
export const PRECISION_PROMPT_TEMPLATE = withAlignmentAdapter(PRECISION_TEMPLATE, "## Predicted Step");

/** The N.1 slots of a predicted step, shared by N.1, N.4 and N.5 (the paper's `pred_*` variables). */
export function predSlots(pred: ReportStep): Record<string, string | number> {
  return {
    pred_item: pred.item,
    pred_title: withoutCitations(pred.title),
    pred_task: withoutCitations(pred.task),
    pred_desc: withoutCitations(pred.task_description),
    "pred_subtask if pred_subtask else 'None'": pred.condition_description
      ? pred.condition_description
      : "None",
  };
}

/** N.1 for one predicted step against every golden step. */
export function precisionPrompt(pred: ReportStep, gold: readonly GoldStep[]): string {
  return fillPaperTemplate(
    PRECISION_PROMPT_TEMPLATE,
    { ...predSlots(pred), gold_steps_text: goldStepsText(gold) },
    "N.1",
  );
}
