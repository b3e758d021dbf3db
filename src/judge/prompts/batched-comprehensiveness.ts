/**
 * @module The `batched` personalized-comprehensiveness prompt (drflow's, not the paper's): every aligned pair of a
 * workflow rated in one call, each with N.5's fields, N.5's strictness and evaluation dimensions quoted verbatim.
 */

import { restoreLineBreaks } from "../../llm/paper-template.ts";
import type { StepPair } from "../judges/types.ts";
import { COMPREHENSIVENESS_TEMPLATE, comprehensivenessSlots } from "./comprehensiveness.ts";
import { fillPaperTemplate, quoteBetween } from "./template.ts";

export const COMPREHENSIVENESS_STRICTNESS = quoteBetween(
  COMPREHENSIVENESS_TEMPLATE,
  "Be strict.",
  "## Golden Step (Ground Truth)",
);
export const COMPREHENSIVENESS_DIMENSIONS = quoteBetween(
  COMPREHENSIVENESS_TEMPLATE,
  "## Evaluation Dimensions",
  "Return ONLY a valid JSON object",
);

export const BATCHED_COMPREHENSIVENESS_TEMPLATE = restoreLineBreaks(
  `You are evaluating, for EACH pair below, the comprehensiveness and personalization of a predicted workflow step description compared to its golden (ground truth) step. ${COMPREHENSIVENESS_STRICTNESS} ## Pairs (Golden Step and Predicted Step) {pairs_text} ${COMPREHENSIVENESS_DIMENSIONS} Rate every pair on its own. Return ONLY a valid JSON object (no other text) with exactly one rating per pair: {{ "ratings": [ {{ "pred_item": <item number of the predicted step>, "specificity": <float 0.0-1.0>, "personalization": <float 0.0-1.0>, "completeness": <float 0.0-1.0>, "actionability": <float 0.0-1.0>, "overall_score": <float 0.0-1.0, average of above>, "justification": "<concise explanation covering all dimensions>", "missing_details": ["<list of important details from golden answer missing in predicted step>"] }} ] }}`,
);

/** Each pair with the fields N.5 shows for it (same truncations). */
export function batchedComprehensivenessPrompt(pairs: readonly StepPair[]): string {
  const pairsText = pairs
    .map(({ gold, pred }) => {
      const s = comprehensivenessSlots(gold, pred);
      return [
        `### Predicted Item ${s.pred_item} ↔ ${s.gold_id}`,
        `- Golden Step: ID: ${s.gold_id} - Title: ${s.gold_title} - Task: ${s.gold_task} - Expected Detailed Answer: ${s.gold_answer_trunc} - Justification: ${s["gold_justification[:1000] if gold_justification else 'N/A'"]}`,
        `- Predicted Step: Item: ${s.pred_item} - Title: ${s.pred_title} - Task: ${s.pred_task} - Description: ${s.pred_desc} - Subtask/Conditions: ${s["pred_subtask if pred_subtask else 'None'"]}`,
      ].join("\n");
    })
    .join("\n\n");
  return fillPaperTemplate(
    BATCHED_COMPREHENSIVENESS_TEMPLATE,
    { pairs_text: pairsText },
    "batched comprehensiveness",
  );
}
