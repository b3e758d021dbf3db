/** @module Lenient JSON for model-written blocks: strips comments, `...` placeholders, doubled braces and trailing commas before parsing. */

export type LenientResult = { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string };

/** Remove `//` and `/* *\/` comments outside strings. */
function stripComments(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") {
        out += text[i + 1] ?? "";
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += c;
  }
  return out;
}

/** Parse JSON, repairing the usual model mistakes; reports whether a repair was needed. */
export function parseLenientJson(text: string): LenientResult {
  const trimmed = text.trim();
  try {
    return { ok: true, value: JSON.parse(trimmed), repaired: false };
  } catch (first) {
    let repaired = stripComments(trimmed)
      .replace(/\{\{/g, "{")
      .replace(/\}\}/g, "}")
      .replace(/,\s*\.\.\.\s*(?=[}\]])/g, "")
      .replace(/^\s*\.\.\.\s*,?\s*$/gm, "")
      .replace(/,(\s*[}\]])/g, "$1");
    // A truncated array: close it after the last complete object.
    if (repaired.startsWith("[") && !repaired.trimEnd().endsWith("]")) {
      const lastClose = repaired.lastIndexOf("}");
      if (lastClose > 0) repaired = `${repaired.slice(0, lastClose + 1)}]`;
    }
    try {
      return { ok: true, value: JSON.parse(repaired), repaired: true };
    } catch {
      return { ok: false, error: (first as Error).message };
    }
  }
}

/** The first JSON object or array inside free text (a judge reply wrapped in prose or a code fence). */
export function extractJson(text: string): LenientResult {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/.exec(text);
  if (fenced) {
    const r = parseLenientJson(fenced[1]!);
    if (r.ok) return r;
  }
  const direct = parseLenientJson(text);
  if (direct.ok) return direct;
  const start = text.search(/[[{]/);
  if (start < 0) return { ok: false, error: "no JSON object or array in the reply" };
  const open = text[start]!;
  const close = open === "{" ? "}" : "]";
  const end = text.lastIndexOf(close);
  if (end <= start) return { ok: false, error: `unbalanced ${open} in the reply` };
  const inner = parseLenientJson(text.slice(start, end + 1));
  return inner.ok ? { ...inner, repaired: true } : inner;
}
