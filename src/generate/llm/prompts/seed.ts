/** @module Prompt K.1: task-seed generation (a domain → n workflow questions with company and user metadata), verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./seed.txt", import.meta.url));

/**
 * Figure K.1: task-seed generation. PDF line-wrap marks (",→") removed, the figure's line breaks restored (headings,
 * list items, the JSON example), the scrape-leftover addresses replaced (test/prompts/paper-prompts.test.ts lists them); otherwise verbatim.
 */
export const TASK_SEED = PROMPTS("K.1");
