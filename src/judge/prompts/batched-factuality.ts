/**
 * @module The `batched` factuality prompt (drflow's, not the paper's): claims sharing a cited source checked in one call;
 * the union of their top chunks is shown once, and each claim names the sources (its own top chunks) it is checked
 * against, as N.3 checks it; N.3's evaluation criteria are quoted verbatim from the paper's template.
 */

import { restoreLineBreaks } from "../../llm/paper-template.ts";
import { FACTUALITY_TEMPLATE } from "./factuality.ts";
import { fillPaperTemplate, quoteBetween } from "./template.ts";

export const FACTUALITY_CRITERIA = quoteBetween(
  FACTUALITY_TEMPLATE,
  "EVALUATION CRITERIA:",
  "You MUST respond with either true or false",
);

export const BATCHED_FACTUALITY_TEMPLATE = restoreLineBreaks(
  `Given the following relevant source context from multiple sources and a list of atomic claims, determine for EACH claim whether it is factually supported by the sources listed for it. Relevant Source Materials (from multiple sources): {context} Atomic Claims: {claims} ${FACTUALITY_CRITERIA} Judge every claim on its own, against only the sources listed for it ("the sources" in the criteria above are those). Return ONLY a valid JSON object (no other text) with exactly one verdict per claim: {{ "verdicts": [ {{ "claim_id": "<ID of the claim, e.g. CLAIM_1>", "factual": true or false, "explanation": "<brief explanation of which parts are supported or not supported and from which sources>" }} ] }}`,
);

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
