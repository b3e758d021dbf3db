/** @module Content templates: `{slot}`s filled from a variable map (core/template.ts; a slot without a value is a content bug, an error naming it), and the phrase helpers around them. */
import { fillTemplate } from "../../core/template.ts";

/** Replace every `{slot}` with `vars[slot]`; a slot without a value is an error naming it and the template. */
export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return fillTemplate(template, vars);
}

/** Upper-case the first letter. */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** Strip a final period so a phrase can be embedded in a sentence. */
export function phrase(text: string): string {
  return text.replace(/[.\s]+$/, "");
}

/** A sentence: capitalized, ending with a period unless it already ends with punctuation. */
export function sentence(text: string): string {
  const t = capitalize(text.trim());
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
