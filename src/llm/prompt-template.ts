/** @module Prompts as data: each template with its id (a figure, e.g. K.3) and slot names, read from its prompt file. */
import { fillTemplate, slotNames } from "../core/template.ts";
import { readPromptFile } from "./prompt-file.ts";

/** A prompt template: its figure id (e.g. "K.3"), the text, and the slot names it needs. */
export type PromptTemplate = {
  readonly id: string;
  readonly text: string;
  readonly slots: readonly string[];
};

export type SlotValues = Record<string, string | number>;

export function prompt(id: string, text: string): PromptTemplate {
  return { id, text, slots: slotNames(text) };
}

/** The templates of one prompt file (see llm/prompt-file.ts), each by its id: `promptsIn(url)("K.8")`. */
export function promptsIn(url: URL): (id: string) => PromptTemplate {
  const file = readPromptFile(url);
  return (id) => prompt(id, file.text(id));
}

/** Fill every slot (core/template.ts); a missing value is an error naming the template and the slot. */
export function fill(template: PromptTemplate, values: SlotValues): string {
  return fillTemplate(template.text, values, { name: `prompt ${template.id}` });
}
