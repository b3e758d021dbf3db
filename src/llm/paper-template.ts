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

/**
 * The figure's line structure, which the paper's PDF text flattened into one line. A line starts at each Markdown
 * heading (`#`–`####`, after a blank line), code fence, bullet (` - ` after a word, a sentence, a slot or a closing
 * mark, before a capital — not an emphatic `NOT`/`ONLY`/`NEVER` — `*`, `[` or a `key:`), numbered item (`1. ` after a sentence, a colon or a slot; `2. **Score…` anywhere) or lettered
 * item (`A) `), bold label (`**Goal**:`, `**Requirements:**`, `**Specific Question** {slot}`), labelled field
 * (`RESEARCH QUESTION: {slot}`), a heading's end where a slot or a sentence after `)` follows it, JSON example object (`{{ "…`), an all-caps label after JSON (`] IMPORTANT:`), after a slot that ends a field (`{stage}
 * Research Focus: …`), and at a closing sentence that introduces what follows (`Your plan MUST follow these 4
 * stages:`). A bullet after an all-caps word needs a capitalised word after it (`DESIGN - Map`, not `CRITICAL -
 * EXTRACT`). Only whitespace changes: the text still matches the paper word for word, and no line breaks
 * where the PDF marks a wrapped line (",→"); test/prompts/paper-prompts.test.ts checks both.
 */
export function restoreLineBreaks(text: string): string {
  return text
    .replace(/ (#{1,4} )/g, "\n\n$1")
    .replace(/ (```[a-z]+) /g, "\n$1\n")
    .replace(/ ```(?=\s|$)/g, "\n```\n")
    .replace(/(?<=[a-z0-9.?*):"'`\]}]) - (?=(?!(?:NOT|ONLY|NEVER)\b)[A-Z*[]|[a-z_]+: )/g, "\n- ")
    .replace(/(?<=[A-Z_]) - (?=[A-Z][a-z])/g, "\n- ")
    .replace(/(?<=[.:*?")}]) (\d{1,2}\. )(?=[A-Z*])/g, "\n$1")
    .replace(/ (\d{1,2}\. \*\*)/g, "\n$1")
    .replace(/(?<=[.:]) ([A-F]\) )(?=[A-Z])/g, "\n$1")
    .replace(/(?<!\d\.|\n-|\n) (\*\*[A-Z][^*]{0,80}?(?::\*\*|\*\*:|\*\*(?= \{[^{])))/g, "\n$1")
    .replace(/(?<=[.?:")]) ([A-Z][A-Za-z/()' -]{0,60}: "?\{[^{])/g, "\n$1")
    .replace(/(?<=[^{}]\}"?) (?=[A-Z]|\{[^{])/g, "\n")
    .replace(/ (\{\{+ ")/g, "\n$1")
    .replace(/(?<=[\]}]) ([A-Z]{3,}[A-Z ]*: )/g, "\n$1")
    .replace(/(?<=\n#{1,4} [^\n]*\)) (?=[A-Z])/g, "\n")
    .replace(/(?<=\n#{1,4} [^\n{]*) (?=\{[^{])/g, "\n")
    .replace(/(?<=[.)]) ([A-Z][^.:\n]{0,80}:)(?=\n)/g, "\n$1")
    .replace(/\n +/g, "\n")
    .replace(/ +\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n");
}
