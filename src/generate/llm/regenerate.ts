/** @module Regeneration with validation feedback (seed 002 §C.1): re-ask with the ACCUMULATED programmatic errors until the output passes or the retry limit is reached. */
import type { z } from "zod";
import { fill } from "../../llm/prompt-template.ts";
import { repairQuote } from "../../llm/repair-quote.ts";
import { rejectionMessage } from "../../llm/structured.ts";
import type { ChatMessage, Model, Usage } from "../../llm/types.ts";
import { HUMAN_REVIEW_FEEDBACK } from "./prompts/human-review.ts";
import { ALL_TEMPLATES } from "./revision.ts";

/** Programmatic checks of one output: every problem as "where: what was expected". Empty when it passes. */
export type Validator<T> = (output: T) => string[];

export type GenerateRequest<S extends z.ZodType> = {
  model: Model;
  /** The filled prompt (the original generation inputs). */
  prompt: string;
  schema: S;
  schemaName: string;
  validate: Validator<z.infer<S>>;
  runId?: string;
  stage: string;
  /** Prompt template id, recorded for usage attribution and the cache key. */
  template: string;
  /** Regenerations after the first attempt (default 3). */
  maxRetries?: number;
  temperature?: number;
  seed?: number;
  /** A human reviewer's reasons by template id (`*`: every template), appended to the prompt of the first attempt. */
  reviewFeedback?: Readonly<Record<string, readonly string[]>>;
};

/** The prompt with the reviewer's reasons for this template appended (unchanged when there are none). */
function withReviewFeedback(req: GenerateRequest<z.ZodType>): string {
  const fb = req.reviewFeedback;
  const reasons = fb ? [...(fb[req.template] ?? []), ...(fb[ALL_TEMPLATES] ?? [])] : [];
  if (reasons.length === 0) return req.prompt;
  return `${req.prompt}\n\n${fill(HUMAN_REVIEW_FEEDBACK, { reviewer_problems: reasons.map((r) => `- ${r}`).join("\n") })}`;
}

export type Generated<T> = { object: T; attempts: number; usage: Usage[]; rejected: string[][] };

/** The output still failed validation after the last retry: every accumulated error is in the message. */
export class ValidationFailed extends Error {
  constructor(
    readonly stage: string,
    readonly schemaName: string,
    readonly errors: string[],
    readonly last: unknown,
  ) {
    super(
      `${stage} ${schemaName}: output still invalid after retries:\n${errors.map((e) => `  - ${e}`).join("\n")}`,
    );
    this.name = "ValidationFailed";
  }
}

export const DEFAULT_MAX_RETRIES = 3;

/**
 * Ask for a structured object, run the programmatic checks, and on failure re-ask with the original prompt, the
 * rejected answer and the accumulated error list (errors are never dropped once seen, so a fix cannot reintroduce
 * an earlier problem unnoticed). Schema-level repair happens inside `model.generateObject`.
 */
export async function generateValidated<S extends z.ZodType>(
  req: GenerateRequest<S>,
): Promise<Generated<z.infer<S>>> {
  const maxRetries = req.maxRetries ?? DEFAULT_MAX_RETRIES;
  const accumulated: string[] = [];
  const rejected: string[][] = [];
  const usage: Usage[] = [];
  const prompt = withReviewFeedback(req);
  let messages: ChatMessage[] = [{ role: "user", content: prompt }];
  let last: unknown = null;
  for (let attempt = 1; attempt <= maxRetries + 1; attempt++) {
    const result = await req.model.generateObject({
      messages,
      schema: req.schema,
      schemaName: req.schemaName,
      temperature: req.temperature,
      seed: req.seed,
      context: { runId: req.runId, stage: req.stage, role: "generator", promptTemplate: req.template },
    });
    usage.push(result.usage);
    last = result.object;
    const errors = req.validate(result.object);
    if (errors.length === 0) return { object: result.object, attempts: attempt, usage, rejected };
    rejected.push(errors);
    for (const e of errors) if (!accumulated.includes(e)) accumulated.push(e);
    messages = [
      { role: "user", content: prompt },
      { role: "assistant", content: repairQuote(result.raw) },
      { role: "user", content: rejectionMessage(rejected.length, rejected) },
    ];
  }
  throw new ValidationFailed(req.stage, req.schemaName, accumulated, last);
}
