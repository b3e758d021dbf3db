/** @module Prompts K.5 and K.6: user support evidence (question–answer–justification tuples) and user distractor events, verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./user.txt", import.meta.url));

/** Figure K.5: user support-evidence generation. Verbatim, the figure's line breaks restored. */
export const USER_INSIGHTS = PROMPTS("K.5");

/** Figure K.6: user distractor-event generation. Verbatim, the figure's line breaks restored. */
export const USER_DISTRACTORS = PROMPTS("K.6");
