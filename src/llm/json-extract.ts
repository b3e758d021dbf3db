/**
 * @module Lenient JSON for model replies: find the value (whole reply, code fence, or outermost balanced object/array)
 * and repair the usual model mistakes (comments, `...` placeholders, doubled braces, trailing commas, a truncated array).
 */

export type Extracted = { ok: true; value: unknown } | { ok: false; problem: string };
export type LenientResult = { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string };

const FENCE = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/;

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

/** The outermost balanced `{…}` or `[…]` starting at the first opener, respecting strings and escapes. */
function outermost(text: string): string | null {
  const start = text.search(/[{[]/);
  if (start < 0) return null;
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") stack.push(ch === "{" ? "}" : "]");
    else if (ch === "}" || ch === "]") {
      if (stack.pop() !== ch) return null;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

/** From the first opener to the last matching closer: the fallback when the value is not balanced (comments, truncation). */
function firstToLast(text: string): string | null {
  const start = text.search(/[{[]/);
  if (start < 0) return null;
  const end = text.lastIndexOf(text[start] === "{" ? "}" : "]");
  return end > start ? text.slice(start, end + 1) : null;
}

/** Parse the reply as JSON, tolerating prose, code fences and repairable mistakes around it; failures say what was wrong. */
export function extractJson(text: string): Extracted {
  const trimmed = text.trim();
  const fenced = FENCE.exec(trimmed)?.[1]?.trim();
  const inner = fenced ?? trimmed;
  const candidates = [trimmed, fenced, outermost(inner), firstToLast(inner)];
  let lastError = "";
  for (const candidate of candidates) {
    if (!candidate) continue;
    const parsed = parseLenientJson(candidate);
    if (parsed.ok) return { ok: true, value: parsed.value };
    lastError = parsed.error;
  }
  if (!/[{[]/.test(trimmed)) return { ok: false, problem: "the reply contains no JSON object" };
  return {
    ok: false,
    problem: `the reply is not valid JSON (${lastError}); return one complete JSON object`,
  };
}
