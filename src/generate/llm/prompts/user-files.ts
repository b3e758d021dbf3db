/** @module Prompts K.12–K.14: user document (PDF/DOCX) outline, insight section and distractor sections, verbatim from the paper. */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./user-files.txt", import.meta.url));

/** Figure K.12: user-side file outline. Verbatim, the figure's line breaks restored. */
export const USER_OUTLINE = PROMPTS("K.12");

/** Figure K.13: user-side insight section. Verbatim, the figure's line breaks restored. */
export const USER_INSIGHT_SECTION = PROMPTS("K.13");

/** Figure K.14: user-side distractor sections. Verbatim, the figure's line breaks restored. */
export const USER_DISTRACTOR_SECTIONS = PROMPTS("K.14");
