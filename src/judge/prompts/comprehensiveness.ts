/** @module Judge prompt Figure N.5 (personalized comprehensiveness of a matched pair), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import { type GoldStep, goldAnswer } from "../gold.ts";
import { predSlots } from "./precision.ts";
import { GOLD_ANSWER_CHARS } from "./steps-text.ts";
import { fillPaperTemplate, truncate } from "./template.ts";

export const COMPREHENSIVENESS_TEMPLATE = readPromptFile(
  new URL("./comprehensiveness.txt", import.meta.url),
).text("N.5");

/** The N.5 slots of an aligned pair (shared with the batched prompt). */
export function comprehensivenessSlots(gold: GoldStep, pred: ReportStep): Record<string, string | number> {
  return {
    gold_id: gold.id,
    gold_title: gold.title,
    gold_task: gold.personalized_task || gold.task,
    gold_answer_trunc: truncate(goldAnswer(gold), GOLD_ANSWER_CHARS),
    "gold_justification[:1000] if gold_justification else 'N/A'": gold.justification
      ? gold.justification.slice(0, 1000)
      : "N/A",
    ...predSlots(pred),
  };
}

/** N.5 for a precision-matched pair. */
export function comprehensivenessPrompt(gold: GoldStep, pred: ReportStep): string {
  return fillPaperTemplate(COMPREHENSIVENESS_TEMPLATE, comprehensivenessSlots(gold, pred), "N.5");
}
