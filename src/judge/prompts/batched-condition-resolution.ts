/**
 * @module The `batched` condition-resolution prompt (drflow's, not the paper's): every conditional golden step and the
 * predicted step aligned to it in one call, each with N.4's fields, and N.4's scoring levels quoted verbatim.
 */

import { restoreLineBreaks } from "../../llm/paper-template.ts";
import type { StepPair } from "../judges/types.ts";
import { CONDITION_RESOLUTION_TEMPLATE, conditionSlots } from "./condition-resolution.ts";
import { fillPaperTemplate, quoteBetween } from "./template.ts";

export const CONDITION_CRITERIA = quoteBetween(
  CONDITION_RESOLUTION_TEMPLATE,
  "## Evaluation Criteria",
  "Return ONLY a valid JSON object",
);

export const BATCHED_CONDITION_RESOLUTION_TEMPLATE = restoreLineBreaks(
  `You are evaluating, for EACH golden (ground truth) workflow step below, whether the predicted workflow step that corresponds to it properly resolves the conditions described in the golden step. ## Golden Steps with Conditions, and Their Predicted Steps {pairs_text} ${CONDITION_CRITERIA} Judge every golden step on its own. Return ONLY a valid JSON object (no other text) with exactly one verdict per golden step: {{ "verdicts": [ {{ "gold_id": "<ID of the golden step, e.g. WORKFLOW_STEP_3>", "score": <0.0, 0.5, or 1.0>, "level": "<resolved, partially_resolved, or unresolved>", "justification": "<detailed explanation of the evaluation>" }} ] }}`,
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
