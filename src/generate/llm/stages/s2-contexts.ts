/** @module Stage S2: dual contexts (K.2: generic company context, personal user context) and the generic workflow (K.3 steps with structured conditions). */
import { z } from "zod";
import { Branch, GenericStep } from "../../../core/index.ts";
import { fill } from "../../../llm/prompt-template.ts";
import { STRUCTURED_CONDITIONS } from "../prompts/addenda.ts";
import { COMPANY_INSIGHTS } from "../prompts/company.ts";
import { DUAL_CONTEXT, EXAMPLE_GENERIC_CONTEXT, EXAMPLE_PERSONAL_CONTEXT } from "../prompts/contexts.ts";
import { generateValidated } from "../regenerate.ts";
import { contextPoints } from "../text-checks.ts";
import type { SeedRecord } from "./s1-seeds.ts";
import { callSettings, type StageEnv } from "./stage-env.ts";

export const Contexts = z.object({ generic_context: z.string().min(1), personal_context: z.string().min(1) });
export type Contexts = z.infer<typeof Contexts>;

const LlmCondition = z.object({ question: z.string().min(1), branches: z.array(Branch) });

/** One K.3 step as the model writes it (the paper's fields, plus drflow's structured `condition`). */
export const LlmStep = z.object({
  item: z.number().int(),
  title: z.string().min(1),
  task: z.string().min(1),
  task_description: z.string().min(1),
  subtask_description: z.string(),
  /** The paper's example writes `1.0`; a string or a number is accepted and normalized. */
  prerequisite: z.union([z.string(), z.number()]),
  prerequisite_description: z.string(),
  condition: LlmCondition.nullable(),
});
export type LlmStep = z.infer<typeof LlmStep>;

export const S2Workflow = z.object({ steps: z.array(LlmStep) });
export type S2Workflow = z.infer<typeof S2Workflow>;

/** Structural limits from K.2: 12–15 steps, 6–8 of them conditional (relaxed to ≥ 3 by default), 2–3 branches. */
export type WorkflowShape = {
  minSteps: number;
  maxSteps: number;
  minConditional: number;
  maxConditional: number;
};
export const DEFAULT_SHAPE: WorkflowShape = {
  minSteps: 12,
  maxSteps: 15,
  minConditional: 3,
  maxConditional: 8,
};

export function checkContexts(c: Contexts): string[] {
  const errors: string[] = [];
  if (contextPoints(c.personal_context).length < 2) {
    errors.push("$.personal_context: expected concise bullet points (at least 2), got a single statement");
  }
  return errors;
}

/** `"1.0"`, `1`, `"step 1"` → `"1"`; `""` stays empty. */
export function prerequisiteItem(value: string | number): string {
  const m = /\d+/.exec(String(value));
  return m ? String(Number(m[0])) : "";
}

export function checkWorkflow(w: S2Workflow, shape: WorkflowShape = DEFAULT_SHAPE): string[] {
  const errors: string[] = [];
  const n = w.steps.length;
  if (n < shape.minSteps || n > shape.maxSteps) {
    errors.push(
      `$.steps: expected ${shape.minSteps}-${shape.maxSteps} steps (one per step of the generic context), got ${n}`,
    );
  }
  const conditional = w.steps.filter((s) => s.condition !== null).length;
  if (conditional < shape.minConditional || conditional > shape.maxConditional) {
    errors.push(
      `$.steps: expected ${shape.minConditional}-${shape.maxConditional} conditional steps, got ${conditional}`,
    );
  }
  w.steps.forEach((s, i) => {
    const at = `$.steps[${i}]`;
    if (s.item !== i + 1)
      errors.push(`${at}.item: expected ${i + 1} (items numbered in order), got ${s.item}`);
    const pre = prerequisiteItem(s.prerequisite);
    if (pre !== "" && Number(pre) >= s.item) {
      errors.push(`${at}.prerequisite: expected an earlier item than ${s.item}, got ${pre}`);
    }
    const hasText = s.subtask_description.trim() !== "";
    if (hasText && s.condition === null) {
      errors.push(
        `${at}.condition: step ${s.item} has branch text in subtask_description but condition is null`,
      );
    }
    if (!hasText && s.condition !== null) {
      errors.push(
        `${at}.subtask_description: step ${s.item} has a condition but an empty subtask_description`,
      );
    }
    if (s.condition) {
      const ids = s.condition.branches.map((b) => b.id);
      if (ids.length < 2 || ids.length > 3)
        errors.push(`${at}.condition.branches: expected 2-3 branches, got ${ids.length}`);
      if (new Set(ids).size !== ids.length)
        errors.push(`${at}.condition.branches: expected distinct branch ids, got ${ids.join(", ")}`);
    }
  });
  return errors;
}

/** The K.2 slot values of a seed. */
export function seedSlots(seed: SeedRecord): Record<string, string> {
  const { task_id: _id, ...columns } = seed;
  return {
    ...columns,
    COMPANY_INFO_GENERIC_CONTEXT: EXAMPLE_GENERIC_CONTEXT,
    USER_INFO_GENERIC_CONTEXT: EXAMPLE_PERSONAL_CONTEXT,
  };
}

export async function runS2Contexts(env: StageEnv, seed: SeedRecord): Promise<Contexts> {
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt: fill(DUAL_CONTEXT, seedSlots(seed)),
    schema: Contexts,
    schemaName: "dual_contexts",
    template: DUAL_CONTEXT.id,
    stage: "S2",
    validate: checkContexts,
  });
  return object;
}

export async function runS2Workflow(
  env: StageEnv,
  seed: SeedRecord,
  contexts: Contexts,
  shape: WorkflowShape = DEFAULT_SHAPE,
): Promise<S2Workflow> {
  const prompt = `${fill(COMPANY_INSIGHTS, {
    company_name: seed.company_name,
    industry: seed.company_industry,
    generic_context: contexts.generic_context,
  })}\n\n${fill(STRUCTURED_CONDITIONS, {})}`;
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt,
    schema: S2Workflow,
    schemaName: "generic_workflow",
    template: COMPANY_INSIGHTS.id,
    stage: "S2",
    validate: (w) => checkWorkflow(w, shape),
  });
  return object;
}

/** The gold generic workflow: condition ids `C<item>`, prerequisites as item strings. */
export function toGenericSteps(w: S2Workflow): GenericStep[] {
  return w.steps.map((s) =>
    GenericStep.parse({
      item: s.item,
      title: s.title,
      task: s.task,
      task_description: s.task_description,
      condition_description: s.subtask_description,
      prerequisite: prerequisiteItem(s.prerequisite),
      prerequisite_description: s.prerequisite_description,
      condition: s.condition
        ? { id: conditionId(s.item), question: s.condition.question, branches: s.condition.branches }
        : null,
    }),
  );
}

export function conditionId(item: number): string {
  return `C${item}`;
}

/** Conditions listed for the K.5/K.7 addenda: `C4 (step 4 "…"): question? a: when → then | b: …`. */
export function describeConditions(steps: readonly GenericStep[]): string {
  return steps
    .filter((s) => s.condition)
    .map((s) => {
      const c = s.condition!;
      const branches = c.branches.map((b) => `${b.id}: if ${b.when} -> ${b.then}`).join(" | ");
      return `- ${c.id} (step ${s.item} "${s.title}"): ${c.question} Branches: ${branches}`;
    })
    .join("\n");
}
