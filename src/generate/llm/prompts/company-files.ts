/** @module Prompts K.8–K.11: company document outlines and sections (insight and distractor variants), verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./company-files.txt", import.meta.url));

/** Figure K.8: company-side file outline. Verbatim, the figure's line breaks restored. */
export const COMPANY_OUTLINE = PROMPTS("K.8");

/** Figure K.9: company-side insight section. Verbatim, the figure's line breaks restored. */
export const COMPANY_INSIGHT_SECTION = PROMPTS("K.9");

/** Figure K.10: company-side distractor outline. Verbatim, the figure's line breaks restored. */
export const COMPANY_DISTRACTOR_OUTLINE = PROMPTS("K.10");

/** Figure K.11: company-side distractor section. Verbatim, the figure's line breaks restored. */
export const COMPANY_DISTRACTOR_SECTION = PROMPTS("K.11");
