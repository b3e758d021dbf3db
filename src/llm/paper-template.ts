/** @module The paper's prompt templates (Python f-string notation, shared by the agent prompts J.4–J.9 and the judge prompts N.1–N.5): `{{`/`}}` are literal braces, `{expr}` a named slot. */

/** A parsed template: literal text interleaved with slot names, in order. */
export type Template = { readonly source: string; readonly parts: readonly (string | { slot: string })[] };

/** Parse a template; the slot names are whatever stands between single braces (the paper keeps its f-string expressions). */
export function parseTemplate(source: string): Template {
  const parts: (string | { slot: string })[] = [];
  let text = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if ((c === "{" && next === "{") || (c === "}" && next === "}")) {
      text += c;
      i += 2;
    } else if (c === "{") {
      const end = source.indexOf("}", i + 1);
      if (end < 0) throw new Error(`prompt template: unclosed "{" at offset ${i}`);
      if (text) parts.push(text);
      text = "";
      parts.push({ slot: source.slice(i + 1, end) });
      i = end + 1;
    } else {
      text += c;
      i += 1;
    }
  }
  if (text) parts.push(text);
  return { source, parts };
}

/** The distinct slot names of a template, in order of first appearance. */
export function slotNames(template: Template): string[] {
  const names: string[] = [];
  for (const p of template.parts) if (typeof p !== "string" && !names.includes(p.slot)) names.push(p.slot);
  return names;
}

/** Fill every slot; a missing or unknown slot is an error naming it, so a template never goes out half-filled. */
export function fillTemplate(
  template: Template,
  values: Readonly<Record<string, string>>,
  name = "prompt",
): string {
  const names = slotNames(template);
  const missing = names.filter((n) => !(n in values));
  if (missing.length) throw new Error(`${name}: missing slot(s) ${missing.map((m) => `{${m}}`).join(", ")}`);
  const unknown = Object.keys(values).filter((k) => !names.includes(k));
  if (unknown.length)
    throw new Error(`${name}: unknown slot(s) ${unknown.join(", ")}; expected ${names.join(", ")}`);
  return template.parts.map((p) => (typeof p === "string" ? p : values[p.slot]!)).join("");
}

/** Python's `json.dumps(x, indent=2)` as the paper's prompts print it. */
export function pyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "null";
}

/** Python's `str(bool)`, as the paper's f-strings print booleans. */
export function pyBool(value: boolean): string {
  return value ? "True" : "False";
}
