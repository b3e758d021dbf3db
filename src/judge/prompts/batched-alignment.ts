/**
 * @module The `batched` alignment protocol (drflow's, not the paper's): one call per direction aligning all steps, with the
 * N.1 / N.2 matching rules quoted verbatim from the paper's templates.
 */
import type { ReportStep } from "../../core/index.ts";
import { restoreLineBreaks } from "../../llm/paper-template.ts";
import type { GoldStep } from "../gold.ts";
import { PRECISION_TEMPLATE } from "./precision.ts";
import { RECALL_TEMPLATE } from "./recall.ts";
import { goldRecallText, goldStepsText, predStepsText } from "./steps-text.ts";
import { fillPaperTemplate, quoteBetween } from "./template.ts";

export const PRECISION_RULES = quoteBetween(PRECISION_TEMPLATE, "## Matching Rules", "## Predicted Step");
export const RECALL_RULES = quoteBetween(RECALL_TEMPLATE, "## Matching Rules", "## Ground Truth Step");

export const BATCHED_PRECISION_TEMPLATE = restoreLineBreaks(
  `You are evaluating, for EACH predicted workflow step below, whether it semantically matches any ground truth (golden) workflow step. ${PRECISION_RULES} ## Predicted Steps {pred_steps_text} ## Golden Workflow Steps {gold_steps_text} ## Instructions Judge every predicted step on its own. For each one pick at most one best golden step. Use \`matched=true\` only if the predicted step would satisfy a reviewer that it is the **same** procedural beat as that golden step (ignoring instance-specific strings). If in doubt, prefer \`matched=false\`. Return ONLY a valid JSON object (no other text) with exactly one decision per predicted step: {{ "decisions": [ {{ "pred_item": <item number of the predicted step>, "matched": true or false, "matched_gold_id": "<ID of the best matching golden step, e.g. WORKFLOW_STEP_1, or null if no match>", "confidence": <float 0.0-1.0>, "justification": "<brief explanation>" }} ] }}`,
);

export const BATCHED_RECALL_TEMPLATE = restoreLineBreaks(
  `You are evaluating, for EACH ground truth workflow step below, whether it is semantically covered by any of the predicted workflow steps. ${RECALL_RULES} ## Ground Truth Steps {gold_steps_text} ## Predicted Workflow Steps {pred_steps_text} ## Instructions Judge every golden step on its own. If multiple predictions partially relate, pick the **single** predicted item that best covers that golden step. If none clearly does, answer \`matched=false\`. Do not stretch synonyms across different process families. Return ONLY a valid JSON object (no other text) with exactly one decision per golden step: {{ "decisions": [ {{ "gold_id": "<ID of the golden step, e.g. WORKFLOW_STEP_1>", "matched": true or false, "matched_pred_item": <item number of the best matching predicted step, or null if no match>, "confidence": <float 0.0-1.0>, "justification": "<brief explanation>" }} ] }}`,
);

/** All predicted steps against all golden steps in one call. */
export function batchedPrecisionPrompt(pred: readonly ReportStep[], gold: readonly GoldStep[]): string {
  return fillPaperTemplate(
    BATCHED_PRECISION_TEMPLATE,
    { pred_steps_text: predStepsText(pred), gold_steps_text: goldStepsText(gold) },
    "batched precision",
  );
}

/** All golden steps (each with the fields N.2 shows: title, task, expected answer) against all predicted steps in one call. */
export function batchedRecallPrompt(gold: readonly GoldStep[], pred: readonly ReportStep[]): string {
  return fillPaperTemplate(
    BATCHED_RECALL_TEMPLATE,
    { gold_steps_text: goldRecallText(gold), pred_steps_text: predStepsText(pred) },
    "batched recall",
  );
}
