/**
 * @module drflow's additions to the paper's prompts: short instructions appended AFTER a verbatim template so the
 * reply also carries the structure drflow's task format needs (structured conditions with branch ids, which branch
 * the user's facts select, which condition each user fact resolves) and so array replies arrive as JSON objects
 * (JSON-schema response formats need an object at the root). The paper's text itself is never edited.
 */
import { promptsIn } from "../../../llm/prompt-template.ts";

const PROMPTS = promptsIn(new URL("./addenda.txt", import.meta.url));

/** After K.3: ask for the structured condition behind every conditional step. */
export const STRUCTURED_CONDITIONS = PROMPTS("drflow.conditions");

/** After K.7: ask which branch the user's facts select for each conditional step. */
export const RESOLVED_BRANCHES = PROMPTS("drflow.resolved_branch");

/** After K.5: ask which workflow condition each user fact resolves. */
export const CONDITION_LINKS = PROMPTS("drflow.condition_links");

/** After a template whose reply is a bare JSON array: ask for the same array under one key. */
export const WRAP_ARRAY = PROMPTS("drflow.wrap_array");
