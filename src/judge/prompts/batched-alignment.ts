/**
 * @module The `batched` alignment protocol (drflow's, not the paper's): one call per direction aligning all steps, with the
 * N.1 / N.2 matching rules quoted verbatim from the paper's templates.
 */
import type { ReportStep } from "../../core/index.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";
import type { GoldStep } from "../gold.ts";
import { ALIGNMENT_ADAPTER } from "./alignment-adapter.ts";
import { PRECISION_TEMPLATE } from "./precision.ts";
import { RECALL_TEMPLATE } from "./recall.ts";
import { goldRecallText, goldStepsText, predStepsText } from "./steps-text.ts";
import { fillPaperTemplate, quoteBetween, withQuotes } from "./template.ts";

const PROMPTS = readPromptFile(new URL("./batched-alignment.txt", import.meta.url));

export const PRECISION_RULES = quoteBetween(PRECISION_TEMPLATE, "## Matching Rules", "## Predicted Step");
export const RECALL_RULES = quoteBetween(RECALL_TEMPLATE, "## Matching Rules", "## Ground Truth Step");

export const BATCHED_PRECISION_TEMPLATE = withQuotes(PROMPTS.text("batched.precision"), {
  precision_rules: PRECISION_RULES,
  alignment_adapter: ALIGNMENT_ADAPTER,
});

export const BATCHED_RECALL_TEMPLATE = withQuotes(PROMPTS.text("batched.recall"), {
  recall_rules: RECALL_RULES,
  alignment_adapter: ALIGNMENT_ADAPTER,
});

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
