/**
 * @module The `batched` personalized-comprehensiveness prompt (drflow's, not the paper's): every aligned pair of a
 * workflow rated in one call, each with N.5's fields, N.5's strictness and evaluation dimensions quoted verbatim.
 */

import { readPromptFile } from "../../llm/prompt-file.ts";
import type { StepPair } from "../judges/types.ts";
import { COMPREHENSIVENESS_TEMPLATE, comprehensivenessSlots } from "./comprehensiveness.ts";
import { fillPaperTemplate, quoteBetween, withQuotes } from "./template.ts";

const PROMPTS = readPromptFile(new URL("./batched-comprehensiveness.txt", import.meta.url));

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

export const BATCHED_COMPREHENSIVENESS_TEMPLATE = withQuotes(PROMPTS.text("batched.comprehensiveness"), {
  strictness: COMPREHENSIVENESS_STRICTNESS,
  dimensions: COMPREHENSIVENESS_DIMENSIONS,
});

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
