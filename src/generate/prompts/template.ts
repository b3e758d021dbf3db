/** @module Prompt templates as data: named `{slot}` placeholders, Python-format brace escaping, checked filling. */
import { readPromptFile } from "../../llm/prompt-file.ts";

/** A prompt template: its figure id (e.g. "K.3"), the text, and the slot names it needs. */
export type PromptTemplate = {
  readonly id: string;
  readonly text: string;
  readonly slots: readonly string[];
};

export type SlotValues = Record<string, string | number>;

/**
 * One pass over the template: `{name}` (spaces tolerated, as the PDF text has `{ domain}`) is a slot;
 * a run of two or more braces is an escaped literal brace, as in Python's `str.format` (the paper's
 * templates are sometimes escaped twice, `{{{{`, because they were formatted twice).
 */
const TOKEN = /\{\{+|\}\}+|\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

export function prompt(id: string, text: string): PromptTemplate {
  const slots = new Set<string>();
  for (const m of text.matchAll(TOKEN)) if (m[1]) slots.add(m[1]);
  return { id, text, slots: [...slots] };
}

/** The templates of one prompt file (see llm/prompt-file.ts), each by its id: `promptsIn(url)("K.8")`. */
export function promptsIn(url: URL): (id: string) => PromptTemplate {
  const file = readPromptFile(url);
  return (id) => prompt(id, file.text(id));
}

/** Fill every slot; a missing value is an error naming the template and the slot. */
export function fill(template: PromptTemplate, values: SlotValues): string {
  const missing = template.slots.filter((s) => values[s] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `prompt ${template.id}: missing value for slot(s) ${missing.map((s) => `{${s}}`).join(", ")}`,
    );
  }
  return template.text.replace(TOKEN, (token, name: string | undefined) => {
    if (name) return String(values[name]);
    return token[0]!;
  });
}
