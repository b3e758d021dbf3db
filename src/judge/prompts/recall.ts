/** @module Judge prompt Figure N.2 (recall-oriented step alignment), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { restoreLineBreaks } from "../../llm/paper-template.ts";
import { type GoldStep, goldAnswer } from "../gold.ts";
import { GOLD_ANSWER_CHARS, predStepsText } from "./steps-text.ts";
import { fillPaperTemplate, truncate } from "./template.ts";

export const RECALL_TEMPLATE = restoreLineBreaks(
  `You are evaluating whether a ground truth workflow step is semantically covered by any of the predicted workflow steps. ## Matching Rules (recall-oriented — demand real coverage) The golden step is the reference. Ignore instance-only strings (people names, account numbers, dates, free-text identifiers): predictions may use different wording or entities and still match. For \`matched=true\`, some predicted step must **materially implement** what the golden step requires: - The predicted step's task/description should make it plausible that the golden obligation would be completed, not just mentioned in passing or implied by a distant step. - Title overlap alone is insufficient if the predicted action is a different kind of work (e.g., "notify stakeholder" vs "obtain written approval"). Reject when the closest prediction is only adjacent (prerequisite, packaging, logging) or a superset that omits the golden step's distinctive requirement. Use confidence **≥0.83** only when coverage is substantive; otherwise \`matched=false\` or lower confidence. ## Ground Truth Step - ID: {gold_id} - Title: {gold_title} - Task: {gold_task} - Expected Answer: {gold_answer_truncated} ## Predicted Workflow Steps {pred_steps_text} ## Instructions If multiple predictions partially relate, pick the **single** predicted item that best covers this golden step. If none clearly does, answer \`matched=false\`. Do not stretch synonyms across different process families. Return ONLY a valid JSON object (no other text): {{ "matched": true or false, "matched_pred_item": <item number of the best matching predicted step, or null if no match>, "confidence": <float 0.0-1.0>, "justification": "<brief explanation of why it matches or why no match was found>" }}`,
);

/** N.2 for one golden step against every predicted step. */
export function recallPrompt(gold: GoldStep, pred: readonly ReportStep[]): string {
  return fillPaperTemplate(
    RECALL_TEMPLATE,
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
