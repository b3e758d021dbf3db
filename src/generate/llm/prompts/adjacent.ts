/** @module Prompts K.17–K.20: adjacent questions, adjacent insights, adjacent scenes and the fact-check pass (mixed split), verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./adjacent.txt", import.meta.url));

/** Figure K.17: adjacent question generation. Verbatim, the figure's line breaks restored. */
export const ADJACENT_QUESTIONS = PROMPTS("K.17");

/** Figure K.18: adjacent insight generation. Verbatim, the figure's line breaks restored. */
export const ADJACENT_INSIGHTS = PROMPTS("K.18");

/** Figure K.19: adjacent case scene. Verbatim, the figure's line breaks restored. */
export const ADJACENT_SCENE = PROMPTS("K.19");

/** Figure K.20: fact-check against the canonical answer. Verbatim, the figure's line breaks restored. */
export const ADJACENT_FACT_CHECK = PROMPTS("K.20");
