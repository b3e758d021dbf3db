/** @module Stage S5: user insights as question–answer–justification tuples (K.5: verbatim answers, full coverage, each condition resolved) and user distractor events (K.6). */
import { z } from "zod";
import type { GenericStep, PersonalizedStep } from "../../../core/index.ts";
import { fill } from "../../../llm/prompt-template.ts";
import { CONDITION_LINKS } from "../prompts/addenda.ts";
import { USER_DISTRACTORS, USER_INSIGHTS } from "../prompts/user.ts";
import { generateValidated } from "../regenerate.ts";
import { containsVerbatim, contextPoints, coverage } from "../text-checks.ts";
import type { SeedRecord } from "./s1-seeds.ts";
import { describeConditions } from "./s2-contexts.ts";
import { callSettings, type StageEnv } from "./stage-env.ts";

export const Resolution = z.object({ condition: z.string().min(1), branch: z.string().min(1) });

export const UserInsight = z.object({
  question: z.string().min(1),
  answer: z.string().min(1),
  justification: z.string().min(1),
  resolves: z.array(Resolution),
});
export type UserInsight = z.infer<typeof UserInsight>;
export const S5Insights = z.object({ items: z.array(UserInsight) });
export type S5Insights = z.infer<typeof S5Insights>;

export const UserEvent = z.object({
  question: z.string().min(1),
  answer: z.string().min(1),
  justification: z.string(),
});
export type UserEvent = z.infer<typeof UserEvent>;
export const S5Distractors = z.object({ items: z.array(UserEvent) });
export type S5Distractors = z.infer<typeof S5Distractors>;

/** A context point counts as covered when an answer holds it, or holds this share of its content words. */
export const COVERED = 0.8;
/** A distractor event sharing this share of a context point's words is about the user's case after all. */
export const DISTRACTOR_OVERLAP = 0.5;

export function checkUserInsights(
  out: S5Insights,
  n: number,
  personalContext: string,
  gold: readonly GenericStep[],
  personalized: readonly PersonalizedStep[],
): string[] {
  const errors: string[] = [];
  if (out.items.length !== n)
    errors.push(
      `$.items: expected exactly ${n} question-answer-justification pairs, got ${out.items.length}`,
    );
  const conditions = new Map(gold.filter((s) => s.condition).map((s) => [s.condition!.id, s]));
  out.items.forEach((it, i) => {
    if (!containsVerbatim(personalContext, it.answer)) {
      errors.push(
        `$.items[${i}].answer: expected a verbatim extract of the User Context, got "${it.answer}"`,
      );
    }
    it.resolves.forEach((r, j) => {
      const step = conditions.get(r.condition);
      if (!step) {
        errors.push(
          `$.items[${i}].resolves[${j}].condition: expected one of ${[...conditions.keys()].join(", ")}, got "${r.condition}"`,
        );
        return;
      }
      const ids = step.condition!.branches.map((b) => b.id);
      if (!ids.includes(r.branch))
        errors.push(
          `$.items[${i}].resolves[${j}].branch: expected one of ${ids.join(", ")} for ${r.condition}, got "${r.branch}"`,
        );
      const chosen = personalized.find((p) => p.item === step.item)?.resolved_branch ?? null;
      if (chosen !== null && ids.includes(r.branch) && chosen !== r.branch) {
        errors.push(
          `$.items[${i}].resolves[${j}]: resolves ${r.condition} to branch ${r.branch}, but the personalized workflow takes branch ${chosen}`,
        );
      }
    });
  });
  for (const [id, step] of conditions) {
    if (!out.items.some((it) => it.resolves.some((r) => r.condition === id))) {
      errors.push(
        `$.items: condition ${id} (step ${step.item} "${step.title}": ${step.condition!.question}) is not resolved by any user insight; expected the pair whose answer settles it to list {"condition": "${id}", "branch": "<branch id>"}`,
      );
    }
  }
  for (const point of contextPoints(personalContext)) {
    const covered = out.items.some(
      (it) => containsVerbatim(it.answer, point) || coverage(point, it.answer) >= COVERED,
    );
    if (!covered) errors.push(`$.items: the User Context point "${point}" is not covered by any answer`);
  }
  return errors;
}

export function checkUserDistractors(out: S5Distractors, n: number, personalContext: string): string[] {
  const errors: string[] = [];
  if (out.items.length !== n)
    errors.push(`$.items: expected exactly ${n} distractor events, got ${out.items.length}`);
  const points = contextPoints(personalContext);
  out.items.forEach((it, i) => {
    for (const p of points) {
      if (coverage(p, it.answer) >= DISTRACTOR_OVERLAP) {
        errors.push(
          `$.items[${i}].answer: restates the user's own fact "${p}"; expected an event irrelevant to the DR question and the personal context`,
        );
      }
    }
  });
  return errors;
}

/** K.5's n_supports: one pair per context point, at least one per condition, at most `cap` (K.5 allows merging). */
export function supportCount(personalContext: string, gold: readonly GenericStep[], cap = 10): number {
  const conditions = gold.filter((s) => s.condition).length;
  return Math.max(conditions, Math.min(contextPoints(personalContext).length, cap));
}

export async function runS5Insights(
  env: StageEnv,
  seed: SeedRecord,
  personalContext: string,
  gold: readonly GenericStep[],
  personalized: readonly PersonalizedStep[],
  n: number,
): Promise<S5Insights> {
  const prompt = `${fill(USER_INSIGHTS, { n_supports: n, dr_question: seed.dr_question, context: personalContext })}\n\n${fill(
    CONDITION_LINKS,
    { conditions: describeConditions(gold) },
  )}`;
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt,
    schema: S5Insights,
    schemaName: "user_insights",
    template: USER_INSIGHTS.id,
    stage: "S5",
    validate: (o) => checkUserInsights(o, n, personalContext, gold, personalized),
  });
  return object;
}

export async function runS5Distractors(
  env: StageEnv,
  seed: SeedRecord,
  personalContext: string,
  n: number,
): Promise<S5Distractors> {
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt: fill(USER_DISTRACTORS, {
      n_distractors: n,
      dr_question: seed.dr_question,
      context: personalContext,
    }),
    schema: S5Distractors,
    schemaName: "user_distractors",
    template: USER_DISTRACTORS.id,
    stage: "S5",
    validate: (o) => checkUserDistractors(o, n, personalContext),
  });
  return object;
}
