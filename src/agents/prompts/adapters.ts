/**
 * @module Adapter lines beside the paper's verbatim agent prompts (adapters.txt says why each exists): `adapt` inserts a
 * prompt's lines, filled, on their own line right after (or before) the verbatim sentence each names. Nothing of the
 * paper's text changes; a place that is not in the prompt is an error naming the adapter.
 */
import { fillTemplate } from "../../core/template.ts";
import { readPromptFile } from "../../llm/prompt-file.ts";

const FILE = readPromptFile(new URL("./adapters.txt", import.meta.url));

/** The agent prompts that take adapter lines. */
export type AdaptedPrompt = "J.4" | "J.5" | "J.6" | "J.8" | "J.9";

/**
 * Where one adapter line goes: after (or before) a verbatim sentence of its prompt. `line` names the adapters.txt
 * entry when several prompts share one line (the id otherwise).
 */
export type AdapterPlace = { id: string; prompt: AdaptedPrompt; line?: string } & (
  | { after: string }
  | { before: string }
);

/** Every adapter line, in the order each prompt applies them. */
export const ADAPTERS: readonly AdapterPlace[] = [
  {
    id: "J.4.areas",
    prompt: "J.4",
    after: "Generate a JSON object with EXACTLY 2 research investigation areas (1 per stage).",
  },
  { id: "J.4.domain", prompt: "J.4", before: "**STRICT LIMITS - FOCUS ON FLOWCHART BUILDING**:" },
  { id: "J.5.value", prompt: "J.5", after: "Return a JSON array with 2-3 actions." },
  { id: "J.6.lists", prompt: "J.6", before: "**CRITICAL DIVERSITY RULES:**" },
  { id: "J.6.documents", prompt: "J.6", before: "**CRITICAL DIVERSITY RULES:**" },
  {
    id: "J.6.pending",
    prompt: "J.6",
    after: "5. If both policy documents AND personal evidence are found, return [].",
  },
  // Right after rule 5, ahead of J.6.pending (a line inserted later at the same sentence goes first).
  {
    id: "J.6.reading",
    prompt: "J.6",
    after: "5. If both policy documents AND personal evidence are found, return [].",
  },
  { id: "J.6.value", prompt: "J.6", after: "Create valid JSON only, no other text." },
  // Right after the example it qualifies (an adapter inserted later at the same sentence goes first).
  { id: "J.6.shape", line: "shape", prompt: "J.6", after: "Create valid JSON only, no other text." },
  { id: "J.8.targeted", prompt: "J.8", before: "ALREADY-USED QUERIES (do NOT repeat" },
  { id: "J.8.documents", prompt: "J.8", before: "REQUIREMENTS:" },
  {
    id: "J.8.reading",
    prompt: "J.8",
    after:
      "- Search for USER-SPECIFIC evidence (emails, chats, user files, records) - NOT general policy documents.",
  },
  { id: "J.8.value", prompt: "J.8", after: "Return valid JSON only, no other text." },
  { id: "J.8.shape", line: "shape", prompt: "J.8", after: "Return valid JSON only, no other text." },
  {
    id: "J.9.persona",
    prompt: "J.9",
    after:
      "User situation and persona: Infer from the DR question and from the retrieved documents (emails, chats, internal files) below.",
  },
];

/** The text of an adapter line, unfilled (its `{slot}`s are the values `adapt` takes): by its place's id or its shared line. */
export function adapterText(id: string): string {
  const place = ADAPTERS.find((a) => a.id === id);
  return FILE.text(place?.line ?? id);
}

/** `rendered` (a filled verbatim prompt) with its adapter lines, filled from `slots`, each at its place. */
export function adapt(
  prompt: AdaptedPrompt,
  rendered: string,
  slots: Readonly<Record<string, string>> = {},
): string {
  let out = rendered;
  for (const place of ADAPTERS.filter((a) => a.prompt === prompt)) {
    // Each line takes the slots it names; the prompt's other slots are not its business.
    const line = fillTemplate(adapterText(place.id), slots, { name: `adapter ${place.id}` });
    const anchor = "after" in place ? place.after : place.before;
    const at = out.indexOf(anchor);
    if (at < 0) throw new Error(`adapter ${place.id}: "${anchor}" is not in prompt ${prompt}`);
    out =
      "after" in place
        ? `${out.slice(0, at + anchor.length)}\n${line}${out.slice(at + anchor.length)}`
        : `${out.slice(0, at)}${line}\n${out.slice(at)}`;
  }
  return out;
}

/** The `{documents}` slot of the document lists (J.6.documents, J.8.documents, DRBA's AAP): one line each, or " none yet.". */
export function documentsSlot(lines: readonly string[]): string {
  return lines.length ? `\n${lines.join("\n")}` : " none yet.";
}
