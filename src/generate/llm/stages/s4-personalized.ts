/** @module Stage S4: the gold personalized workflow (K.7) — resolved branches collapse, unresolved ones stay visible, a justification per step. */
import { z } from "zod";
import { type GenericStep, PersonalizedStep } from "../../../core/index.ts";
import { fill } from "../../../llm/prompt-template.ts";
import { RESOLVED_BRANCHES } from "../prompts/addenda.ts";
import { PERSONALIZED_WORKFLOW } from "../prompts/personalized.ts";
import { generateValidated } from "../regenerate.ts";
import type { SeedRecord } from "./s1-seeds.ts";
import { describeConditions, prerequisiteItem } from "./s2-contexts.ts";
import { callSettings, type StageEnv } from "./stage-env.ts";

export const LlmPersonalizedStep = z.object({
  item: z.number().int(),
  title: z.string().min(1),
  task: z.string().min(1),
  task_description: z.string(),
  subtask_description: z.string(),
  prerequisite: z.union([z.string(), z.number()]),
  prerequisite_description: z.string(),
  justification: z.string(),
  resolved_branch: z.string().nullable(),
});
export const S4Output = z.object({ steps: z.array(LlmPersonalizedStep) });
export type S4Output = z.infer<typeof S4Output>;

export type S4Options = {
  /** The K.2 personal context satisfies one branch per condition, so by default every condition must be resolved. */
  allowUnresolved?: boolean;
};

export function checkPersonalized(
  out: S4Output,
  gold: readonly GenericStep[],
  opts: S4Options = {},
): string[] {
  const errors: string[] = [];
  if (out.steps.length !== gold.length) {
    errors.push(
      `$.steps: expected the same ${gold.length} steps as the generic workflow, got ${out.steps.length}`,
    );
  }
  out.steps.forEach((s, i) => {
    const at = `$.steps[${i}]`;
    const g = gold[i];
    if (!g) return;
    if (s.item !== g.item)
      errors.push(`${at}.item: expected ${g.item} (same sequence as the generic workflow), got ${s.item}`);
    if (s.task_description.trim() === "")
      errors.push(`${at}.task_description: expected a non-empty personalized description`);
    if (s.justification.trim() === "")
      errors.push(`${at}.justification: expected a justification citing the user's facts`);
    const visible = s.subtask_description.trim() !== "";
    if (!g.condition) {
      if (s.resolved_branch !== null)
        errors.push(`${at}.resolved_branch: step ${g.item} has no condition; expected null`);
      return;
    }
    if (s.resolved_branch === null) {
      if (!opts.allowUnresolved) {
        errors.push(
          `${at}.resolved_branch: condition ${g.condition.id} of step ${g.item} ("${g.condition.question}") is not resolved; the user context settles every condition`,
        );
      } else if (!visible) {
        errors.push(
          `${at}.subtask_description: condition ${g.condition.id} is unresolved, so its branches must stay visible`,
        );
      }
      return;
    }
    const ids = g.condition.branches.map((b) => b.id);
    if (!ids.includes(s.resolved_branch)) {
      errors.push(
        `${at}.resolved_branch: expected one of ${ids.join(", ")} for ${g.condition.id}, got "${s.resolved_branch}"`,
      );
    }
    if (visible)
      errors.push(
        `${at}.subtask_description: condition ${g.condition.id} is resolved, so the branch text must be empty (collapsed)`,
      );
  });
  return errors;
}

/** The K.7 `Generic Insights` slot: the steps as the paper's JSON. */
export function genericInsightsJson(gold: readonly GenericStep[]): string {
  return JSON.stringify(
    gold.map((s) => ({
      item: s.item,
      title: s.title,
      task: s.task,
      task_description: s.task_description,
      subtask_description: s.condition_description,
      prerequisite: s.prerequisite,
      prerequisite_description: s.prerequisite_description,
    })),
    null,
    2,
  );
}

export async function runS4(
  env: StageEnv,
  seed: SeedRecord,
  gold: readonly GenericStep[],
  personalContext: string,
  opts: S4Options = {},
): Promise<S4Output> {
  const prompt = `${fill(PERSONALIZED_WORKFLOW, {
    dr_question: seed.dr_question,
    generic_insights: genericInsightsJson(gold),
    user_context: personalContext,
  })}\n\n${fill(RESOLVED_BRANCHES, { conditions: describeConditions(gold) })}`;
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt,
    schema: S4Output,
    schemaName: "personalized_workflow",
    template: PERSONALIZED_WORKFLOW.id,
    stage: "S4",
    validate: (o) => checkPersonalized(o, gold, opts),
  });
  return object;
}

/** The gold personalized steps: the resolved branch's `then` as the answer, the branch text cleared when resolved. */
export function toPersonalizedSteps(out: S4Output, gold: readonly GenericStep[]): PersonalizedStep[] {
  return out.steps.map((s, i) => {
    const g = gold[i]!;
    const branch = g.condition?.branches.find((b) => b.id === s.resolved_branch) ?? null;
    return PersonalizedStep.parse({
      item: s.item,
      title: s.title,
      task: s.task,
      task_description: s.task_description,
      condition_description: branch ? "" : s.subtask_description,
      prerequisite: prerequisiteItem(s.prerequisite),
      prerequisite_description: s.prerequisite_description,
      answer: branch ? branch.then : "",
      resolved_branch: branch ? branch.id : null,
      justification: s.justification,
    });
  });
}
