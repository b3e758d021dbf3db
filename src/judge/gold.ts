/** @module The golden steps a judge compares against: each generic step joined with its personalized counterpart by item. */
import { z } from "zod";
import { Condition, type Task } from "../core/index.ts";
import { distinctSentences } from "./judges/lexical/sentences.ts";
import { conditionText } from "./report/condition-text.ts";

export const GoldStep = z.object({
  /** `WORKFLOW_STEP_<item>`, the id the paper's prompts use. */
  id: z.string(),
  item: z.number().int(),
  title: z.string(),
  /** Generic task and description (what any case must do). */
  task: z.string(),
  task_description: z.string(),
  condition: Condition.nullable(),
  /** The generic condition in words ("If X → A; …"), "" when unconditional. */
  condition_description: z.string(),
  /** Personalized task and description: the case-specific instance of the step. */
  personalized_task: z.string(),
  personalized_description: z.string(),
  /** The resolved branch in words ("" for unconditional steps). */
  answer: z.string(),
  justification: z.string(),
  resolved_branch: z.string().nullable(),
});
export type GoldStep = z.infer<typeof GoldStep>;

export function goldStepId(item: number): string {
  return `WORKFLOW_STEP_${item}`;
}

/**
 * The "Expected Answer" of a golden step: its personalized task and description plus the resolved branch, each
 * sentence once — tasks restate their task in the description and the branch's words, and a judge shown the same
 * sentence three times reads it as garbled.
 */
export function goldAnswer(g: GoldStep): string {
  return distinctSentences([g.personalized_task, g.personalized_description, g.answer]);
}

/** Golden steps of a task, in item order; a step missing from the personalized workflow keeps its generic text. */
export function goldSteps(task: Task): GoldStep[] {
  const personal = new Map(task.personalized_workflow.map((p) => [p.item, p]));
  const generic = task.generic_workflow.length > 0 ? task.generic_workflow : [];
  return [...generic]
    .sort((a, b) => a.item - b.item)
    .map((g) => {
      const p = personal.get(g.item);
      const condition = g.condition ?? null;
      return {
        id: goldStepId(g.item),
        item: g.item,
        title: g.title,
        task: g.task,
        task_description: g.task_description,
        condition,
        condition_description: g.condition_description || (condition ? conditionText(condition) : ""),
        personalized_task: p?.task ?? g.task,
        personalized_description: p?.task_description ?? g.task_description,
        answer: p?.answer ?? "",
        justification: p?.justification ?? "",
        resolved_branch: p?.resolved_branch ?? null,
      };
    });
}
