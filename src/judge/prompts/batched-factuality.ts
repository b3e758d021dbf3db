/**
 * @module The `batched` factuality prompt (drflow's, not the paper's): claims sharing a cited source checked in one call;
 * the union of their top chunks is shown once, and each claim names the sources (its own top chunks) it is checked
 * against, as N.3 checks it; N.3's evaluation criteria are quoted verbatim from the paper's template.
 */

import { readPromptFile } from "../../llm/prompt-file.ts";
import { FACTUALITY_TEMPLATE } from "./factuality.ts";
import { fillPaperTemplate, quoteBetween, withQuotes } from "./template.ts";

const PROMPTS = readPromptFile(new URL("./batched-factuality.txt", import.meta.url));

export const FACTUALITY_CRITERIA = quoteBetween(
  FACTUALITY_TEMPLATE,
  "EVALUATION CRITERIA:",
  "You MUST respond with either true or false",
);

export const BATCHED_FACTUALITY_TEMPLATE = withQuotes(PROMPTS.text("batched.factuality"), {
  criteria: FACTUALITY_CRITERIA,
});

/** The id a claim has in a batched factuality prompt. */
export const claimId = (index: number) => `CLAIM_${index + 1}`;

/** Claims (with their ids and the 0-based indices of their own chunks) and the chunks, numbered as N.3 numbers its sources. */
export function batchedFactualityPrompt(
  claims: readonly { id: string; text: string; sources: readonly number[] }[],
  chunks: readonly string[],
): string {
  return fillPaperTemplate(
    BATCHED_FACTUALITY_TEMPLATE,
    {
      context: chunks.map((c, i) => `Source ${i + 1}: ${c}`).join("\n\n"),
      claims: claims
        .map((c) => `### ${c.id} (sources ${c.sources.map((i) => i + 1).join(", ")})\n${c.text}`)
        .join("\n\n"),
    },
    "batched factuality",
  );
}
