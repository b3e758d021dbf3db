/** @module Prompt templates with named `{slot}`s: fill them (a missing slot is an error) and hash them for attribution. */
import { createHash } from "node:crypto";

const SLOT = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replace every `{name}` with `slots[name]`; a slot with no value is an error naming it and the template. */
export function fillTemplate(
  template: string,
  slots: Record<string, string | number>,
  name = "template",
): string {
  return template.replace(SLOT, (_, key: string) => {
    const value = slots[key];
    if (value === undefined) throw new Error(`prompt ${name}: no value for slot {${key}}`);
    return String(value);
  });
}

/** A short stable hash of a template's text, recorded with every call built from it. */
export function templateHash(template: string): string {
  return createHash("sha256").update(template).digest("hex").slice(0, 16);
}
