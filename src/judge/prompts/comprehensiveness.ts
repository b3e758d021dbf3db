/** @module Judge prompt Figure N.5 (personalized comprehensiveness of a matched pair), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { restoreLineBreaks } from "../../llm/paper-template.ts";
import { type GoldStep, goldAnswer } from "../gold.ts";
import { predSlots } from "./precision.ts";
import { GOLD_ANSWER_CHARS } from "./steps-text.ts";
import { fillPaperTemplate, truncate } from "./template.ts";

export const COMPREHENSIVENESS_TEMPLATE = restoreLineBreaks(
  `You are evaluating the comprehensiveness and personalization of a predicted workflow step description compared to a golden (ground truth) standard. Be strict. Do not reward loose thematic similarity, generic workflow language, or partially overlapping content as highly comprehensive. A high score should be reserved for steps that preserve the concrete details, user-specific tailoring, and operational guidance from the ground truth. ## Golden Step (Ground Truth) - ID: {gold_id} - Title: {gold_title} - Task: {gold_task} - Expected Detailed Answer: {gold_answer_trunc} - Justification: {gold_justification[:1000] if gold_justification else 'N/A'} ## Predicted Step - Item: {pred_item} - Title: {pred_title} - Task: {pred_task} - Description: {pred_desc} - Subtask/Conditions: {pred_subtask if pred_subtask else 'None'} ## Evaluation Dimensions Rate the predicted step on a scale of 0.0 to 1.0 based on these criteria: 1. **Specificity** (0.0-1.0): Compared to the golden step answer, does the predicted description mention specific names, form numbers, data categories, institutions, study types, procedures, thresholds, and other concrete details from the golden answer? Or is it vague and generic? 2. **Personalization** (0.0-1.0): Compared to the golden step answer, is the description tailored to the user's specific situation (e.g., mentioning the specific study type, specific forms, specific data categories, specific numbers, specific PI or coordinator)? Or could it apply to many generic situations? 3. **Completeness** (0.0-1.0): Compared to the golden step answer, does the description cover the key action items and important details from the golden answer? Are major steps, conditions, branches, approvals, or required artifacts missing? 4. **Actionability** (0.0-1.0): Compared to the golden step answer, does the description provide clear, actionable instructions that a user could follow? Or is it too high-level to be useful? Scoring guidance: - Reserve 0.90-1.00 for near-complete, highly specific, clearly personalized steps with very few meaningful omissions. - Use 0.70-0.89 for good steps that are still missing some concrete details or tailoring. - Use 0.40-0.69 for partially correct but generic/incomplete steps. - Use 0.00-0.39 when the step is mostly generic, weakly personalized, or missing major workflow content. Compute an overall score as the average of these four dimensions before any penalties for missing details. Return ONLY a valid JSON object (no other text): {{ "specificity": <float 0.0-1.0>, "personalization": <float 0.0-1.0>, "completeness": <float 0.0-1.0>, "actionability": <float 0.0-1.0>, "overall_score": <float 0.0-1.0, average of above>, "justification": "<concise explanation covering all dimensions>", "missing_details": ["<list of important details from golden answer missing in predicted step>"] }}`,
);

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
