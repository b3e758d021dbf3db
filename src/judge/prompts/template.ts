/** @module The judge prompts' template helpers: fill a paper template (shared f-string notation), pin its hash, cut long slots. */
import { fillTemplate, parseTemplate } from "../../llm/paper-template.ts";
import { templateHash } from "../../llm/template.ts";

/** Fill `template`; a missing or unknown slot is an error naming the slot and the prompt. */
export function fillPaperTemplate(
  template: string,
  values: Record<string, string | number>,
  name: string,
): string {
  const strings = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
  return fillTemplate(parseTemplate(template), strings, `judge prompt ${name}`);
}

/** The pinned hash of a prompt template, stored in every MetricResult.judge. */
export function promptHash(...templates: string[]): string {
  return templateHash(templates.join("\n\u0000\n"));
}

/** Cut a text to `max` characters (the paper's `_truncated` / `_trunc` slots). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}

/**
 * A paper template's text from `from` up to (not including) `until`, verbatim: how drflow's batched prompts quote the
 * paper's rules. The quote must hold no braces, so it cannot turn into a slot of the template quoting it.
 */
export function quoteBetween(template: string, from: string, until: string): string {
  const start = template.indexOf(from);
  const end = template.indexOf(until, start);
  if (start < 0 || end < 0) throw new Error(`prompt quote: "${from}" … "${until}" not found in the template`);
  const quote = template.slice(start, end).trim();
  if (/[{}]/.test(quote)) throw new Error(`prompt quote: "${from}" … holds a brace`);
  return quote;
}
