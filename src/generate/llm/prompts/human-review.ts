/**
 * @module A human reviewer's findings fed back into regeneration (issue 18, the paper's Appendix Q.1 review): the stage's own prompt
 * followed by the reviewer's reasons, in the manner of seed 002's C.1 review feedback ("A reviewer flagged the previous draft: … Fix these.").
 */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./human-review.txt", import.meta.url));

export const HUMAN_REVIEW_FEEDBACK = PROMPTS("drflow.review.feedback");
