/** @module Content templates: `{slot}`s filled from a variable map (core/template.ts; a slot without a value is a content bug, an error naming it), and the phrase helpers around them. */
import { fillTemplate, parseTemplate } from "../../core/template.ts";

/** A determiner or possessive ending the text before a slot ("the ", "a ", "Hannah's ", "their "). */
const DETERMINED = /(?:\b(?:the|a|an|this|that|their|his|her|its|our|your|my|each|every|any)|'s|s')\s+$/i;
/** A value's own leading determiner ("a walnut bookshelf", "their procurement lead", "the 2023 admission"). */
const OWN_DETERMINER = /^(?:the|a|an|their|his|her|its|our|your|my)\s+/i;

/**
 * Replace every `{slot}` with `vars[slot]`; a slot without a value is an error naming it and the template. A value
 * that brings its own determiner drops it after one the template already has ("the {item}" with "a sectional sofa" →
 * "the sectional sofa"; "{subject}'s {contact}" with "their procurement lead" → "Kestrel's procurement lead").
 */
export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  let before = "";
  const out: string[] = [];
  for (const part of parseTemplate(template).parts) {
    if (typeof part === "string") {
      out.push(part);
      before = part;
      continue;
    }
    const value = fillTemplate(`{${part.slot}}`, vars);
    out.push(DETERMINED.test(before) ? value.replace(OWN_DETERMINER, "") : value);
    before = value;
  }
  return out.join("");
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
