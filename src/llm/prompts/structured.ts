/** @module Prompts for structured output: the JSON-schema instruction and the rejection re-prompt of seed 002 §C.1 (verbatim). */

/** Appended as a system message when the provider has no JSON-schema response format. */
export const JSON_INSTRUCTION = [
  "Return only one JSON object named {schema_name}, with no prose before or after it.",
  "It must validate against this JSON Schema:",
  "{json_schema}",
].join("\n");

/**
 * Seed 002, Appendix C.1 "Regeneration with validation feedback" (verbatim; the seed's `{{ … }}` slots written `{…}`).
 * The model gets the original inputs and the accumulated validation errors, the latest marked `*`.
 */
export const REJECTION =
  "Your answer was rejected ({rejection_count_phrase} so far). Every one of these must hold at once – the latest rejection is marked *:\n{validation_error_list}\nFix every listed problem without reintroducing an earlier one, and return the full corrected JSON object.";

/** "once", "twice", "3 times", … */
export function rejectionCountPhrase(n: number): string {
  if (n === 1) return "once";
  if (n === 2) return "twice";
  return `${n} times`;
}
