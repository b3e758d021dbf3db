/**
 * @module The `batched` condition-resolution prompt (drflow's, not the paper's): every conditional golden step and the
 * predicted step aligned to it in one call, each with N.4's fields, and N.4's scoring levels quoted verbatim.
 */

import { readPromptFile } from "../../llm/prompt-file.ts";
import type { StepPair } from "../judges/types.ts";
import { CONDITION_ADAPTER, CONDITION_RESOLUTION_TEMPLATE, conditionSlots } from "./condition-resolution.ts";
import { fillPaperTemplate, quoteBetween, withQuotes } from "./template.ts";

const PROMPTS = readPromptFile(new URL("./batched-condition-resolution.txt", import.meta.url));

export const CONDITION_CRITERIA = quoteBetween(
  CONDITION_RESOLUTION_TEMPLATE,
  "## Evaluation Criteria",
  "Return ONLY a valid JSON object",
);

export const BATCHED_CONDITION_RESOLUTION_TEMPLATE = withQuotes(
  PROMPTS.text("batched.condition_resolution"),
  { criteria: `${CONDITION_CRITERIA}\n${CONDITION_ADAPTER}` },
);

/** Each pair with the fields N.4 shows for it (same truncations). */
export function batchedConditionResolutionPrompt(pairs: readonly StepPair[]): string {
  const pairsText = pairs
    .map(({ gold, pred }) => {
      const s = conditionSlots(gold, pred);
      return [
        `### ${s.gold_id}: ${s.gold_title}`,
        `- Conditions that require resolution: ${s.gold_conditions}`,
        `- Expected resolution (from golden answer): ${s.gold_answer_trunc}`,
        `- Justification for the correct resolution: ${s.gold_justification_trunc}`,
        `- Predicted step: Item ${s.pred_item} - Title: ${s.pred_title} - Task: ${s.pred_task} - Description: ${s.pred_desc} - Subtask/Conditions stated: ${s["pred_subtask if pred_subtask else 'None'"]}`,
      ].join("\n");
    })
    .join("\n\n");
  return fillPaperTemplate(
    BATCHED_CONDITION_RESOLUTION_TEMPLATE,
    { pairs_text: pairsText },
    "batched condition resolution",
  );
}
