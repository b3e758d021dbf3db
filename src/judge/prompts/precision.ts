/** @module Judge prompt Figure N.1 (precision-oriented step alignment), verbatim from the paper: Python f-string slots kept as written. */
import type { ReportStep } from "../../core/index.ts";
import { restoreLineBreaks } from "../../llm/paper-template.ts";
import type { GoldStep } from "../gold.ts";
import { withoutCitations } from "../report/citations.ts";
import { goldStepsText } from "./steps-text.ts";
import { fillPaperTemplate } from "./template.ts";

export const PRECISION_TEMPLATE = restoreLineBreaks(
  `You are evaluating whether a predicted workflow step semantically matches any ground truth (golden) workflow step. ## Matching Rules (precision-oriented — avoid false positives) Match on **procedure intent**, not on wording. Ignore case-specific instance details (names, IDs, ticket numbers, dates, amounts, customer/vendor strings): those must neither force nor forbid a match. To count as a match, the predicted step must: - Address the **same primary obligation** as the golden step (what must be done, in what role/system context), not merely a related or upstream/downstream activity. - Align on the **same decision or artifact class** when the golden step is conditional or produces a specific record/approval/output. Reject \`matched=true\` when the prediction is only loosely related, a generic umbrella ("handle the case"), a prerequisite, a follow-up, merges two distinct golden obligations into one vague step, or differs in system/process family (e.g., intake vs ledger posting vs legal hold). Reserve **high confidence (≥0.88)** only for clear same-procedure alignment; otherwise use \`matched=false\` or lower confidence. ## Predicted Step - Item: {pred_item} - Title: {pred_title} - Task: {pred_task} - Description: {pred_desc} - Subtask/Conditions: {pred_subtask if pred_subtask else 'None'} ## Golden Workflow Steps {gold_steps_text} ## Instructions Pick at most one best golden step. Use \`matched=true\` only if the predicted step would satisfy a reviewer that it is the **same** procedural beat as that golden step (ignoring instance-specific strings). If in doubt, prefer \`matched=false\`. Return ONLY a valid JSON object (no other text): {{ "matched": true or false, "matched_gold_id": "<ID of the best matching golden step, e.g. WORKFLOW_STEP_1, or null if no match>", "matched_gold_title": "<title of matched golden step or null>", "confidence": <float 0.0-1.0>, "justification": "<brief explanation of why it matches or why no match was found>" }}`,
);

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
    PRECISION_TEMPLATE,
    { ...predSlots(pred), gold_steps_text: goldStepsText(gold) },
    "N.1",
  );
}
