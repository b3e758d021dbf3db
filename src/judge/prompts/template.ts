/** @module The judge prompts' template helpers: fill a paper template (shared f-string notation), pin its hash, cut long slots. */
import { fillTemplate, templateHash } from "../../core/template.ts";

/** Fill `template`; a missing or unknown slot is an error naming the slot and the prompt. */
export function fillPaperTemplate(
  template: string,
  values: Record<string, string | number>,
  name: string,
): string {
  return fillTemplate(template, values, { name: `judge prompt ${name}`, strict: true });
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

/**
 * A template (of a prompt file) with quotes of another put in where it names them: each `{name}` of `quotes` stands
 * once in the template and becomes that quote (a `quoteBetween`), so a drflow prompt quoting the paper keeps one copy
 * of the paper's words.
 */
export function withQuotes(template: string, quotes: Readonly<Record<string, string>>): string {
  let out = template;
  for (const [name, quote] of Object.entries(quotes)) {
    const parts = out.split(`{${name}}`);
    if (parts.length !== 2)
      throw new Error(`prompt quote {${name}}: expected once in the template, found ${parts.length - 1}`);
    out = parts.join(quote);
  }
  return out;
}
