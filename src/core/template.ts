/**
 * @module THE `{slot}` template filler (prompts of every family, procedural content, the model layer's instructions).
 * Python `str.format` notation, as the paper's templates are written: a run of two or more braces is one literal brace
 * (the paper formats some templates twice, `{{{{`), and a slot is whatever stands between single braces, spaces
 * trimmed (the paper keeps its f-string expressions as slot names: `{json.dumps(existing_queries[:15], indent=2)}`).
 */
import { createHash } from "node:crypto";

/** A parsed template: literal text interleaved with slot names, in order. */
export type Template = { readonly source: string; readonly parts: readonly (string | { slot: string })[] };

const TOKEN = /\{\{+|\}\}+|\{([^{}]+)\}/g;

/** Parse a template (cheap; fill a `string` directly when it is filled once). */
export function parseTemplate(source: string): Template {
  const parts: (string | { slot: string })[] = [];
  let text = "";
  let at = 0;
  for (const m of source.matchAll(TOKEN)) {
    text += source.slice(at, m.index);
    at = m.index + m[0].length;
    if (m[1] === undefined) text += m[0][0];
    else {
      if (text) parts.push(text);
      text = "";
      parts.push({ slot: m[1].trim() });
    }
  }
  text += source.slice(at);
  if (text) parts.push(text);
  return { source, parts };
}

/** The distinct slot names of a template, in order of first appearance. */
export function slotNames(template: Template | string): string[] {
  const t = typeof template === "string" ? parseTemplate(template) : template;
  const names: string[] = [];
  for (const p of t.parts) if (typeof p !== "string" && !names.includes(p.slot)) names.push(p.slot);
  return names;
}

export type FillOptions = {
  /** Names the template in errors (default: its first 80 characters, quoted). */
  name?: string;
  /** A value for a slot the template does not have: an error (`strict`, the paper prompts' rule) or ignored. */
  strict?: boolean;
};

/** Fill every slot; a slot without a value (and, when strict, a value without a slot) is an error naming them. */
export function fillTemplate(
  template: Template | string,
  values: Readonly<Record<string, string | number>>,
  options: FillOptions = {},
): string {
  const t = typeof template === "string" ? parseTemplate(template) : template;
  const name = options.name ?? `template "${t.source.slice(0, 80)}"`;
  const names = slotNames(t);
  const missing = names.filter((n) => values[n] === undefined);
  if (missing.length) throw new Error(`${name}: missing slot(s) ${missing.map((m) => `{${m}}`).join(", ")}`);
  if (options.strict) {
    const unknown = Object.keys(values).filter((k) => !names.includes(k));
    if (unknown.length)
      throw new Error(`${name}: unknown slot(s) ${unknown.join(", ")}; expected ${names.join(", ")}`);
  }
  return t.parts.map((p) => (typeof p === "string" ? p : String(values[p.slot]))).join("");
}

/** A short stable hash of a template's text, recorded with every call built from it. */
export function templateHash(template: string): string {
  return createHash("sha256").update(template).digest("hex").slice(0, 16);
}
