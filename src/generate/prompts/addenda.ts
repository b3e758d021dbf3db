/**
 * @module drflow's additions to the paper's prompts: short instructions appended AFTER a verbatim template so the
 * reply also carries the structure drflow's task format needs (structured conditions with branch ids, which branch
 * the user's facts select, which condition each user fact resolves) and so array replies arrive as JSON objects
 * (JSON-schema response formats need an object at the root). The paper's text itself is never edited.
 */
import { prompt } from "./template.ts";

/** After K.3: ask for the structured condition behind every conditional step. */
export const STRUCTURED_CONDITIONS = prompt(
  "drflow.conditions",
  `Additionally, for every step whose 'subtask_description' is not empty, add a 'condition' object: {{"question": "the decision as a yes/no or which-one question", "branches": [{{"id": "a", "when": "the fact pattern that selects this branch", "then": "what the workflow does on this branch"}}, {{"id": "b", "when": "...", "then": "..."}}]}} with 2-3 branches and branch ids "a", "b", "c". For steps without branches set 'condition' to null. Use the key 'subtask_description' for the branch text and give 'prerequisite' as the item number in a string ("" when none).`,
);

/** After K.7: ask which branch the user's facts select for each conditional step. */
export const RESOLVED_BRANCHES = prompt(
  "drflow.resolved_branch",
  `Additionally, give every step a 'resolved_branch': the id of the branch of that step's condition that the User Context selects, or null when the step has no condition or the User Context does not settle it. The conditions and their branch ids are:
{conditions}`,
);

/** After K.5: ask which workflow condition each user fact resolves. */
export const CONDITION_LINKS = prompt(
  "drflow.condition_links",
  `Additionally, give every pair a 'resolves' list: for each workflow condition below that the pair's answer settles, one object {{"condition": "<condition id>", "branch": "<branch id>"}}; an empty list when the answer settles none. Every condition below is settled by the User Context, so every condition must appear in at least one pair's 'resolves'.
{conditions}`,
);

/** After a template whose reply is a bare JSON array: ask for the same array under one key. */
export const WRAP_ARRAY = prompt(
  "drflow.wrap_array",
  `Return the array as the value of the key "{key}" in a JSON object, i.e. {{"{key}": [...]}}.`,
);
