/**
 * @module The rubrics an annotator scores by, cut from the paper's judge prompts (the prompt files the LLM judge sends,
 * so people and the judge read the same words): N.4's evaluation criteria for condition resolution, N.5's evaluation
 * dimensions for personalized comprehensiveness, N.3's criteria for factuality.
 */
import { COMPREHENSIVENESS_TEMPLATE } from "../../judge/prompts/comprehensiveness.ts";
import { CONDITION_RESOLUTION_TEMPLATE } from "../../judge/prompts/condition-resolution.ts";
import { FACTUALITY_TEMPLATE } from "../../judge/prompts/factuality.ts";

/** The part of `template` from `start` up to (not including) `end`, trimmed; an error when the prompt lacks either. */
function section(template: string, start: string, end: string, figure: string): string {
  const from = template.indexOf(start);
  const to = template.indexOf(end, from);
  if (from < 0 || to < 0)
    throw new Error(`prompt ${figure}: no "${start}" … "${end}" section to show annotators`);
  return template.slice(from, to).trim();
}

export const RUBRICS = {
  conditionResolution: section(CONDITION_RESOLUTION_TEMPLATE, "## Evaluation Criteria", "Return ONLY", "N.4"),
  comprehensiveness: section(COMPREHENSIVENESS_TEMPLATE, "## Evaluation Dimensions", "Return ONLY", "N.5"),
  factuality: section(FACTUALITY_TEMPLATE, "EVALUATION CRITERIA", "EXAMPLES:", "N.3"),
} as const;
