/** @module Chat naturalness review (seed 002 §C.1): each channel-day with six or more posts is scored 1–5; a score ≤ 2 earns one rewrite with the reviewer's problems appended. */
import { z } from "zod";
import { fill } from "../llm/prompt-template.ts";
import type { Model } from "../llm/types.ts";
import { NATURALNESS_FEEDBACK, NATURALNESS_REVIEW } from "./prompts/review.ts";

export const Review = z.object({ score: z.number().min(1).max(5), problems: z.array(z.string()) });
export type Review = z.infer<typeof Review>;

/** Seed 002: channel-days with at least this many messages are reviewed. */
export const MIN_REVIEWED_POSTS = 6;
/** Seed 002: a score at or below this triggers one rewrite. */
export const REWRITE_AT = 2;

export type ReviewedPost = { user: string; message: string };

export async function reviewChannelDay(
  model: Model,
  channel: string,
  posts: readonly ReviewedPost[],
  runId?: string,
): Promise<Review> {
  const messages = posts.map((p) => `${p.user}: ${p.message}`).join("\n");
  const { object } = await model.generateObject({
    messages: [{ role: "user", content: fill(NATURALNESS_REVIEW, { channel, messages }) }],
    schema: Review,
    schemaName: "naturalness_review",
    context: { runId, stage: "review", role: "generator", promptTemplate: NATURALNESS_REVIEW.id },
  });
  return object;
}

export function needsRewrite(review: Review): boolean {
  return review.score <= REWRITE_AT;
}

/** Seed 002's feedback line for the rewrite prompt. */
export function reviewerFeedback(review: Review): string {
  return fill(NATURALNESS_FEEDBACK, {
    reviewer_problems: review.problems.join("; ") || "the conversation reads unnaturally",
  });
}
