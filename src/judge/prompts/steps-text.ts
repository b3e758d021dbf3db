/** @module How steps are written into judge prompts: golden steps by WORKFLOW_STEP id, predicted steps by item number. */
import type { ReportStep } from "../../core/index.ts";
import { type GoldStep, goldAnswer } from "../gold.ts";
import { withoutCitations } from "../report/citations.ts";
import { truncate } from "./template.ts";

/** The `{gold_steps_text}` block: one entry per golden step with its id, title, task and description. */
export function goldStepsText(gold: readonly GoldStep[], options: { withAnswers?: boolean } = {}): string {
  return gold
    .map((g) =>
      [
        `### ${g.id}`,
        `- Title: ${g.title}`,
        `- Task: ${g.task}`,
        `- Description: ${g.task_description}`,
        `- Conditions: ${g.condition_description || "None"}`,
        ...(options.withAnswers ? [`- Expected Answer: ${truncate(goldAnswer(g), 1000)}`] : []),
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
