/**
 * @module Validation prompts from seed 002 (Appendix C): the chat naturalness review and its feedback line (C.1), evidence-grounded answering and candidate–gold comparison
 * (C.2.1, C.2.2); the rejection re-prompt of C.1 is the model layer's (llm/prompts/structured.ts). Verbatim except the extraction's stray spaces around punctuation; C.2.1's first sentence is adapted
 * from "one fictional company's project" to drflow's records (company documents and one employee's files, emails, chats).
 */
import { promptsIn } from "../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./review.txt", import.meta.url));

/** C.1 conversational naturalness review of one channel-day. */
export const NATURALNESS_REVIEW = PROMPTS("002.C1.naturalness");

/** C.1 review feedback appended to the chat generation prompt for the one rewrite. */
export const NATURALNESS_FEEDBACK = PROMPTS("002.C1.feedback");

/** C.2.1 evidence-grounded answering by an independent solver that sees only the cited records. */
export const EVIDENCE_ANSWERING = PROMPTS("002.C2.1");

/** C.2.2 candidate–gold comparison on the asked object. */
export const ANSWER_COMPARISON = PROMPTS("002.C2.2");

/**
 * C.2.3 full-project validation: the item, the solver's result and ALL records of the task. drflow runs it on the
 * steps the first two stages flag, so a reviewer gets a pass / fix / drop proposal with concrete edits. The seed's
 * `Solution: {solution-stage JSON}` line is left out: drflow's items have no solution stage.
 */
export const FULL_PROJECT_VALIDATION = PROMPTS("002.C2.3");
