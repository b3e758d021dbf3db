/** @module Prompt K.7: the personalized workflow (resolved branches collapse, unresolved stay visible), verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./personalized.txt", import.meta.url));

/** Figure K.7: personalized workflow generation. The PDF interleaves the figure's example with its requirements; the pieces are put back in reading order (requirements, example question, generic insights, user context, output). Verbatim, the figure's line breaks restored. */
export const PERSONALIZED_WORKFLOW = PROMPTS("K.7");
