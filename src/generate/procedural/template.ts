/** @module `{slot}` templates: fill from a variable map, failing loudly on an unknown slot (a content bug). */

const SLOT = /\{([a-z_]+)\}/g;

/** Replace every `{slot}` with `vars[slot]`; an unknown slot is an error naming it and the template. */
export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(SLOT, (_, key: string) => {
    const value = vars[key];
    if (value === undefined)
      throw new Error(`template slot {${key}} has no value in "${template.slice(0, 80)}"`);
    return value;
  });
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
