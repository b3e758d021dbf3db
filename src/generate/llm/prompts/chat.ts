/** @module Prompt K.15 (chat set-up: teams, channels, users, verbatim) and the chat posts prompt (written from the appendix description). */

import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./chat.txt", import.meta.url));

/** Figure K.15: user-side chat set-up (teams, channels, users). Verbatim, the figure's line breaks restored. */
export const CHAT_SETUP = PROMPTS("K.15");

/**
 * The chat posts prompt. The paper shows only the set-up prompt (K.15) and says the same stage writes the posts;
 * this template is written by drflow from Appendix K.5's description: the persona and colleagues discuss the target
 * fact naturally, exactly one post states it with all its values, the rest is ordinary channel talk.
 * `{reviewer_feedback}` is empty or seed 002's "A reviewer flagged the previous draft: … Fix these." line.
 */
export const CHAT_POSTS = PROMPTS("drflow.chat_posts");
