/** @module Judge prompt Figure N.4 (condition resolution of a matched step), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import type { GoldStep } from "../gold.ts";
import { insertBefore } from "./alignment-adapter.ts";
import { predSlots } from "./precision.ts";
import { GOLD_ANSWER_CHARS } from "./steps-text.ts";
import { fillPaperTemplate, truncate } from "./template.ts";

export const CONDITION_RESOLUTION_TEMPLATE = readPromptFile(
  new URL("./condition-resolution.txt", import.meta.url),
).text("N.4");

/** drflow's adapter line after N.4's levels (condition-adapter.txt): another path than the expected one scores 0. */
export const CONDITION_ADAPTER = readPromptFile(new URL("./condition-adapter.txt", import.meta.url)).text(
  "condition.adapter",
);

/** N.4 as sent: the verbatim template with the adapter line right before its reply format. */
export const CONDITION_RESOLUTION_PROMPT_TEMPLATE = insertBefore(
  CONDITION_RESOLUTION_TEMPLATE,
  "Return ONLY a valid JSON object",
  `\n${CONDITION_ADAPTER}\n`,
);

/** The N.4 slots of a golden conditional step and the predicted step aligned to it (shared with the batched prompt). */
export function conditionSlots(gold: GoldStep, pred: ReportStep): Record<string, string | number> {
  return {
    gold_title: gold.title,
    gold_id: gold.id,
    gold_conditions: gold.condition_description,
    gold_answer_trunc: truncate(
      gold.answer || `${gold.personalized_task} ${gold.personalized_description}`,
      GOLD_ANSWER_CHARS,
    ),
    gold_justification_trunc: truncate(gold.justification, GOLD_ANSWER_CHARS),
    ...predSlots(pred),
  };
}

/** N.4 for a golden conditional step and the predicted step precision matched to it. */
export function conditionResolutionPrompt(gold: GoldStep, pred: ReportStep): string {
  return fillPaperTemplate(CONDITION_RESOLUTION_PROMPT_TEMPLATE, conditionSlots(gold, pred), "N.4");
}
