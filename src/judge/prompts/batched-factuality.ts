/**
 * @module The `batched` factuality prompt (drflow's, not the paper's): the claims citing the same sources checked in one
 * call against the union of their top chunks, with N.3's evaluation criteria quoted verbatim from the paper's template.
 */
import { FACTUALITY_TEMPLATE } from "./factuality.ts";
import { fillPaperTemplate, quoteBetween } from "./template.ts";

export const FACTUALITY_CRITERIA = quoteBetween(
  FACTUALITY_TEMPLATE,
  "EVALUATION CRITERIA:",
  "You MUST respond with either true or false",
);

export const BATCHED_FACTUALITY_TEMPLATE = `Given the following relevant source context from multiple sources and a list of atomic claims, determine for EACH claim whether it is factually supported by the sources. Relevant Source Materials (from multiple sources): {context} Atomic Claims: {claims} ${FACTUALITY_CRITERIA} Judge every claim on its own against all the sources above. Return ONLY a valid JSON object (no other text) with exactly one verdict per claim: {{ "verdicts": [ {{ "claim_id": "<ID of the claim, e.g. CLAIM_1>", "factual": true or false, "explanation": "<brief explanation of which parts are supported or not supported and from which sources>" }} ] }}`;

/** The id a claim has in a batched factuality prompt. */
export const claimId = (index: number) => `CLAIM_${index + 1}`;

/** Claims (with their ids) against the chunks shown, numbered as N.3 numbers its sources. */
export function batchedFactualityPrompt(
  claims: readonly { id: string; text: string }[],
  chunks: readonly string[],
): string {
  return fillPaperTemplate(
    BATCHED_FACTUALITY_TEMPLATE,
    {
      context: chunks.map((c, i) => `Source ${i + 1}: ${c}`).join("\n\n"),
      claims: claims.map((c) => `### ${c.id}\n${c.text}`).join("\n\n"),
    },
    "batched factuality",
  );
}
