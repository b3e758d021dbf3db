/** @module Stage S3: company insights (one per gold generic step) and company distractor steps (prompt K.4). */
import { z } from "zod";
import type { GenericStep } from "../../../core/index.ts";
import { fill } from "../../../llm/prompt-template.ts";
import { COMPANY_DISTRACTORS } from "../prompts/company.ts";
import { generateValidated } from "../regenerate.ts";
import { jaccard } from "../text-checks.ts";
import type { SeedRecord } from "./s1-seeds.ts";
import { callSettings, type StageEnv } from "./stage-env.ts";

export const DistractorStep = z.object({
  item: z.number().int(),
  title: z.string().min(1),
  task: z.string().min(1),
  task_description: z.string().min(1),
  subtask_description: z.string(),
});
export type DistractorStep = z.infer<typeof DistractorStep>;

export const S3Distractors = z.object({ steps: z.array(DistractorStep) });
export type S3Distractors = z.infer<typeof S3Distractors>;

/** A distractor this close to a gold step (token Jaccard of title + task) would leak the workflow. */
export const LEAK_SIMILARITY = 0.5;

export function checkDistractors(d: S3Distractors, n: number, gold: readonly GenericStep[]): string[] {
  const errors: string[] = [];
  if (d.steps.length !== n)
    errors.push(`$.steps: expected exactly ${n} distractor steps, got ${d.steps.length}`);
  d.steps.forEach((s, i) => {
    for (const g of gold) {
      const sim = jaccard(`${s.title} ${s.task}`, `${g.title} ${g.task}`);
      if (sim >= LEAK_SIMILARITY) {
        errors.push(
          `$.steps[${i}]: distractor "${s.title}" restates gold step ${g.item} "${g.title}" (similarity ${sim.toFixed(2)}); expected a step tangential to the DR question`,
        );
      }
    }
  });
  return errors;
}

export async function runS3Distractors(
  env: StageEnv,
  seed: SeedRecord,
  gold: readonly GenericStep[],
  n: number,
): Promise<S3Distractors> {
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt: fill(COMPANY_DISTRACTORS, {
      company_name: seed.company_name,
      industry: seed.company_industry,
      description: seed.company_description,
      dr_question: seed.dr_question,
      n_distractors: n,
    }),
    schema: S3Distractors,
    schemaName: "company_distractors",
    template: COMPANY_DISTRACTORS.id,
    stage: "S3",
    validate: (d) => checkDistractors(d, n, gold),
  });
  return object;
}
