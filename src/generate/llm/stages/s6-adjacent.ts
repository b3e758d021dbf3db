/** @module Stage S6: adjacent questions (K.17), adjacent insights (K.18), adjacent scenes (K.19) and the fact-check pass against canonical answers (K.20). */
import { z } from "zod";
import { fill } from "../../../llm/prompt-template.ts";
import {
  ADJACENT_FACT_CHECK,
  ADJACENT_INSIGHTS,
  ADJACENT_QUESTIONS,
  ADJACENT_SCENE,
} from "../prompts/adjacent.ts";
import { generateValidated } from "../regenerate.ts";
import { containsVerbatim, coverage, jaccard, missingNumbers, wordCount } from "../text-checks.ts";
import type { SeedRecord } from "./s1-seeds.ts";
import type { UserInsight } from "./s5-user.ts";
import { callSettings, type StageEnv } from "./stage-env.ts";

export const AdjacentQuestions = z.object({
  drs: z.array(z.object({ dr_question: z.string().min(1), rationale: z.string().min(1) })),
});
export type AdjacentQuestions = z.infer<typeof AdjacentQuestions>;

export const AdjacentInsights = z.object({
  items: z.array(
    z.object({
      item: z.number().int(),
      question: z.string().min(1),
      answer: z.string().min(1),
      justification: z.string(),
    }),
  ),
});
export type AdjacentInsights = z.infer<typeof AdjacentInsights>;

export const CastMember = z.object({
  username: z.string().min(1),
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  role: z.string().min(1),
});
export type CastMember = z.infer<typeof CastMember>;

export const Scene = z.object({
  cast: z.array(CastMember),
  timeline_anchor: z.string().min(1),
  key_dates: z.array(z.string()),
  case_id: z.string().min(1),
});
export type Scene = z.infer<typeof Scene>;

/** K.17 asks for 12–25 words; small slack on both sides. */
const QUESTION_WORDS: [number, number] = [8, 30];
/** Token Jaccard at which an adjacent question is a re-phrasing of the target (or of its sibling). */
export const REPHRASE = 0.6;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const USERNAME = /^[a-z]+(?:[.-][a-z]+)+$/;

export function checkAdjacentQuestions(out: AdjacentQuestions, n: number, target: string): string[] {
  const errors: string[] = [];
  if (out.drs.length !== n)
    errors.push(`$.drs: expected exactly ${n} adjacent questions, got ${out.drs.length}`);
  out.drs.forEach((d, i) => {
    const words = wordCount(d.dr_question);
    if (words < QUESTION_WORDS[0] || words > QUESTION_WORDS[1]) {
      errors.push(`$.drs[${i}].dr_question: expected a single 12-25 word question, got ${words} words`);
    }
    const sim = jaccard(d.dr_question, target);
    if (sim >= REPHRASE)
      errors.push(
        `$.drs[${i}].dr_question: re-phrases the target question (similarity ${sim.toFixed(2)}); expected a different case`,
      );
    for (let j = 0; j < i; j++) {
      if (jaccard(d.dr_question, out.drs[j]!.dr_question) >= REPHRASE) {
        errors.push(
          `$.drs[${i}].dr_question: near-duplicate of $.drs[${j}]; expected two distinct adjacent cases`,
        );
      }
    }
  });
  return errors;
}

/** Adjacent facts describe a different case: they must not restate the target user's facts or name the user. */
export function checkAdjacentInsights(
  out: AdjacentInsights,
  n: number,
  targetInsights: readonly UserInsight[],
  userName: string,
): string[] {
  const errors: string[] = [];
  if (out.items.length !== n) errors.push(`$.items: expected exactly ${n} insights, got ${out.items.length}`);
  out.items.forEach((it, i) => {
    if (it.item !== i + 1) errors.push(`$.items[${i}].item: expected ${i + 1}, got ${it.item}`);
    if (containsVerbatim(it.answer, userName)) {
      errors.push(
        `$.items[${i}].answer: names the target user ${userName}; expected a different case with different people`,
      );
    }
    for (const t of targetInsights) {
      if (containsVerbatim(it.answer, t.answer) || coverage(t.answer, it.answer) >= 0.8) {
        errors.push(
          `$.items[${i}].answer: restates the target user's fact "${t.answer}"; expected a fact of a different case`,
        );
      }
    }
  });
  return errors;
}

export function checkScene(
  scene: Scene,
  persona: { name: string; username: string },
  otherCaseIds: readonly string[],
): string[] {
  const errors: string[] = [];
  if (scene.cast.length < 3 || scene.cast.length > 4)
    errors.push(`$.cast: expected 3-4 supporting colleagues, got ${scene.cast.length}`);
  const seen = new Set<string>();
  scene.cast.forEach((c, i) => {
    if (!USERNAME.test(c.username))
      errors.push(`$.cast[${i}].username: expected firstname.lastname in lower case, got "${c.username}"`);
    if (seen.has(c.username))
      errors.push(`$.cast[${i}].username: "${c.username}" repeats; expected distinct colleagues`);
    seen.add(c.username);
    if (c.username === persona.username || `${c.first_name} ${c.last_name}` === persona.name) {
      errors.push(`$.cast[${i}]: is the primary persona; expected supporting colleagues only`);
    }
  });
  if (!/\d{4}-\d{2}-\d{2}/.test(scene.timeline_anchor))
    errors.push(`$.timeline_anchor: expected a sentence with a specific YYYY-MM-DD date`);
  if (scene.key_dates.length < 1 || scene.key_dates.length > 3)
    errors.push(`$.key_dates: expected 1-3 dates, got ${scene.key_dates.length}`);
  scene.key_dates.forEach((d, i) => {
    if (!ISO_DATE.test(d)) errors.push(`$.key_dates[${i}]: expected YYYY-MM-DD, got "${d}"`);
  });
  if (otherCaseIds.includes(scene.case_id))
    errors.push(
      `$.case_id: "${scene.case_id}" is already used by another case; expected a distinct identifier`,
    );
  return errors;
}

export async function runS6Questions(
  env: StageEnv,
  seed: SeedRecord,
  insights: readonly UserInsight[],
  n: number,
) {
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt: fill(ADJACENT_QUESTIONS, {
      dr_question: seed.dr_question,
      industry: seed.company_industry,
      company: seed.company_name,
      user_role: seed.user_role,
      user_role_description: seed.user_role_description,
      insights_json: JSON.stringify(
        insights.map(({ question, answer }) => ({ question, answer })),
        null,
        2,
      ),
      n_drs: n,
    }),
    schema: AdjacentQuestions,
    schemaName: "adjacent_questions",
    template: ADJACENT_QUESTIONS.id,
    stage: "S6",
    validate: (o) => checkAdjacentQuestions(o, n, seed.dr_question),
  });
  return object;
}

export async function runS6Insights(
  env: StageEnv,
  seed: SeedRecord,
  question: string,
  targetInsights: readonly UserInsight[],
  n: number,
): Promise<AdjacentInsights> {
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt: fill(ADJACENT_INSIGHTS, {
      n_items: n,
      dr_question: question,
      industry: seed.company_industry,
      company: seed.company_name,
      user_role: seed.user_role,
      user_role_description: seed.user_role_description,
    }),
    schema: AdjacentInsights,
    schemaName: "adjacent_insights",
    template: ADJACENT_INSIGHTS.id,
    stage: "S6",
    validate: (o) => checkAdjacentInsights(o, n, targetInsights, seed.user_name),
  });
  return object;
}

export async function runS6Scene(
  env: StageEnv,
  seed: SeedRecord,
  persona: { name: string; username: string },
  question: string,
  first: { question: string; answer: string },
  otherCaseIds: readonly string[],
): Promise<Scene> {
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt: fill(ADJACENT_SCENE, {
      company: seed.company_name,
      persona_name: persona.name,
      persona_username: persona.username,
      persona_role: seed.user_role,
      dr_question: question,
      qa_label: "adjacent case (mixed split)",
      question: first.question,
      answer: first.answer,
    }),
    schema: Scene,
    schemaName: "adjacent_scene",
    template: ADJACENT_SCENE.id,
    stage: "S6",
    validate: (o) => checkScene(o, persona, otherCaseIds),
  });
  return object;
}

/** Same JSON shape: same keys, same array lengths, same scalar types (K.20 may only rewrite statements). */
export function sameShape(a: unknown, b: unknown, at = "$"): string[] {
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return [`${at}: expected an array of ${a.length} items`];
    return a.flatMap((x, i) => sameShape(x, b[i], `${at}[${i}]`));
  }
  if (a !== null && typeof a === "object") {
    if (b === null || typeof b !== "object" || Array.isArray(b)) return [`${at}: expected an object`];
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b as object).sort();
    if (ka.join() !== kb.join()) return [`${at}: expected keys ${ka.join(", ")}`];
    return ka.flatMap((k) =>
      sameShape((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`),
    );
  }
  return typeof a === typeof b ? [] : [`${at}: expected a ${typeof a}`];
}

/** Every string value of a JSON value, joined (the text a fact check reads). */
export function jsonText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(jsonText).join("\n");
  if (value && typeof value === "object") return Object.values(value).map(jsonText).join("\n");
  return "";
}

/**
 * K.20: the fact checker returns the generated content in the same shape with contradicting statements aligned to
 * the canonical answer. Its output must keep the shape, the usernames and every value of the canonical answer.
 */
export async function factCheck<S extends z.ZodType>(
  env: StageEnv,
  schema: S,
  schemaName: string,
  canonicalAnswer: string,
  generated: z.infer<S>,
  guidance: string,
  frozen: (o: z.infer<S>) => string[] = () => [],
): Promise<z.infer<S>> {
  const { object } = await generateValidated({
    ...callSettings(env),
    prompt: fill(ADJACENT_FACT_CHECK, {
      guidance,
      canonical_answer: canonicalAnswer,
      generated_json: JSON.stringify(generated, null, 2),
    }),
    schema,
    schemaName: `${schemaName}_fact_checked`,
    template: ADJACENT_FACT_CHECK.id,
    stage: "S6",
    validate: (o) => {
      const errors = sameShape(generated, o);
      const keep = frozen(generated);
      const now = frozen(o);
      if (keep.join("\u0000") !== now.join("\u0000"))
        errors.push(`$: expected the usernames/addresses unchanged (${keep.join(", ")})`);
      for (const n of missingNumbers(canonicalAnswer, jsonText(o))) {
        errors.push(
          `$: the value ${n} of the canonical answer is missing or contradicted; expected the content to agree with "${canonicalAnswer}"`,
        );
      }
      return errors;
    },
  });
  return object;
}
