/** @module Judge prompt Figure N.3 (factuality of a claim against retrieved source chunks), verbatim from the paper: Python f-string slots kept as written. */

import { readPromptFile } from "../../llm/prompt-file.ts";
import { fillPaperTemplate } from "./template.ts";

export const FACTUALITY_TEMPLATE = readPromptFile(new URL("./factuality.txt", import.meta.url)).text("N.3");

/** N.3: the retrieved chunks as numbered sources, and the claim. */
export function factualityPrompt(claim: string, chunks: readonly string[]): string {
  const context = chunks.map((c, i) => `Source ${i + 1}: ${c}`).join("\n\n");
  return fillPaperTemplate(FACTUALITY_TEMPLATE, { context, insight: claim }, "N.3");
}
