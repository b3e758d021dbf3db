/** @module Prompt K.16 (email users, verbatim) and the email thread prompt (written from the appendix description). */

import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./email.txt", import.meta.url));

/** Figure K.16: user-side email users. The PDF places the specific question and requirements after the output format; the text is kept in the PDF's order. Verbatim, the figure's line breaks restored. */
export const EMAIL_USERS = PROMPTS("K.16");

/**
 * The email thread prompt. The paper shows only the user set-up prompt (K.16) and says the same stage writes the
 * threads; this template is written by drflow from Appendix K.5's description. The target goes in the last email
 * so the realized `.eml` (the last message, earlier ones quoted) holds it unquoted.
 */
export const EMAIL_THREAD = PROMPTS("drflow.email_thread");
