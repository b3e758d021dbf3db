/** @module Judge prompt Figure N.4 (condition resolution of a matched step), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { restoreLineBreaks } from "../../llm/paper-template.ts";
import type { GoldStep } from "../gold.ts";
import { predSlots } from "./precision.ts";
import { GOLD_ANSWER_CHARS } from "./steps-text.ts";
import { fillPaperTemplate, truncate } from "./template.ts";

export const CONDITION_RESOLUTION_TEMPLATE = restoreLineBreaks(
  `You are evaluating whether a predicted workflow step properly resolves the conditions described in a golden (ground truth) workflow step. ## Golden Step Conditions The golden step "{gold_title}" ({gold_id}) has the following conditions that require resolution: {gold_conditions} ## Expected Resolution (from golden answer) The correct resolution for the user's specific situation is: {gold_answer_trunc} ## Justification for the correct resolution {gold_justification_trunc} ## Predicted Step The predicted workflow step that corresponds to this golden step is: - Item: {pred_item} - Title: {pred_title} - Task: {pred_task} - Description: {pred_desc} - Subtask/Conditions stated: {pred_subtask if pred_subtask else 'None'} ## Evaluation Criteria Score the condition resolvement based on these levels: 1. **Score 1.0 (Fully Resolved)**: The predicted step correctly resolves the conditions by: - Choosing the appropriate condition path for the user's situation - Providing specific justification or evidence for the chosen path - Not just listing all possible conditions, but actually routing through one 2. **Score 0.5 (Partially Resolved)**: The predicted step mentions the conditions but: - Lists multiple possible paths without clearly choosing one - Mentions the correct path but lacks specific justification - Shows awareness of conditions but doesn't fully personalize the resolution 3. **Score 0.0 (Unresolved)**: The predicted step: - Does not address the conditions at all - Only provides generic description without condition awareness - Completely ignores the conditional routing Return ONLY a valid JSON object (no other text): {{ "score": <0.0, 0.5, or 1.0>, "level": "<resolved, partially_resolved, or unresolved>", "justification": "<detailed explanation of the evaluation>" }}`,
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
  return fillPaperTemplate(CONDITION_RESOLUTION_TEMPLATE, conditionSlots(gold, pred), "N.4");
}
