/**
 * @module drflow's adapter line beside the paper's alignment rules (see alignment-adapter.txt): a step that performs the
 * golden step's obligation on another branch is matched, and condition resolution scores its branch. The per-step N.1 /
 * N.2 prompts carry it right after their verbatim "## Matching Rules" block; the batched prompts after the rules they
 * quote.
 */
import { readPromptFile } from "../../llm/prompt-file.ts";

export const ALIGNMENT_ADAPTER = readPromptFile(new URL("./alignment-adapter.txt", import.meta.url)).text(
  "alignment.adapter",
);

/** `template` with the adapter line inserted right before `heading` (the section after the matching rules). */
export function withAlignmentAdapter(template: string, heading: string): string {
  return insertBefore(template, heading, `${ALIGNMENT_ADAPTER}\n\n`);
}

/** `template` with `text` inserted right before the first `heading` (an adapter line beside verbatim paper text). */
export function insertBefore(template: string, heading: string, text: string): string {
  const at = template.indexOf(heading);
  if (at < 0) throw new Error(`adapter line: "${heading}" not found in the template`);
  return `${template.slice(0, at)}${text}${template.slice(at)}`;
}
