/** @module How steps are written into judge prompts: golden steps by WORKFLOW_STEP id, predicted steps by item number. */
import type { ReportStep } from "../../core/index.ts";
import { type GoldStep, goldAnswer } from "../gold.ts";
import { withoutCitations } from "../report/citations.ts";
import { truncate } from "./template.ts";

/** Characters of the golden answer shown to the judge (`gold_answer_truncated`, `gold_answer_trunc`). */
export const GOLD_ANSWER_CHARS = 1000;

/** The `{gold_steps_text}` block: one entry per golden step with its id, title, task and description. */
export function goldStepsText(gold: readonly GoldStep[]): string {
  return gold
    .map((g) =>
      [
        `### ${g.id}`,
        `- Title: ${g.title}`,
        `- Task: ${g.task}`,
        `- Description: ${g.task_description}`,
        `- Conditions: ${g.condition_description || "None"}`,
      ].join("\n"),
    )
    .join("\n\n");
}

/** Golden steps as N.2 shows one (id, title, task, expected answer), for the batched recall prompt. */
export function goldRecallText(gold: readonly GoldStep[]): string {
  return gold
    .map((g) =>
      [
        `### ${g.id}`,
        `- Title: ${g.title}`,
        `- Task: ${g.task}`,
        `- Expected Answer: ${truncate(goldAnswer(g), GOLD_ANSWER_CHARS)}`,
      ].join("\n"),
    )
    .join("\n\n");
}

/** The `{pred_steps_text}` block: one entry per predicted step with its item, title, task and description. */
export function predStepsText(pred: readonly ReportStep[]): string {
  return pred
    .map((p) =>
      [
        `### Item ${p.item}`,
        `- Title: ${withoutCitations(p.title)}`,
        `- Task: ${withoutCitations(p.task)}`,
        `- Description: ${withoutCitations(p.task_description)}`,
        `- Subtask/Conditions: ${p.condition_description || "None"}`,
      ].join("\n"),
    )
    .join("\n\n");
}
