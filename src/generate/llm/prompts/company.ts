/** @module Prompts K.3 and K.4: company workflow insights (the generic workflow) and company distractor steps, verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./company.txt", import.meta.url));

/** Figure K.3: company workflow insight generation. Verbatim, the figure's line breaks restored. */
export const COMPANY_INSIGHTS = PROMPTS("K.3");

/** Figure K.4: company distractor generation. Verbatim, the figure's line breaks restored. */
export const COMPANY_DISTRACTORS = PROMPTS("K.4");
