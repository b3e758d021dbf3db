/** @module Pull a JSON value out of a model's reply: strip code fences, else take the outermost balanced object or array. */

export type Extracted = { ok: true; value: unknown } | { ok: false; problem: string };

const FENCE = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/;

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

/** Parse the reply as JSON, tolerating prose and code fences around it; failures say what was wrong. */
export function extractJson(text: string): Extracted {
  const trimmed = text.trim();
  const candidates: string[] = [trimmed];
  const fenced = FENCE.exec(trimmed)?.[1];
  if (fenced) candidates.push(fenced.trim());
  const balanced = outermost(fenced ?? trimmed);
  if (balanced) candidates.push(balanced);
  let lastError = "";
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (error) {
      lastError = (error as Error).message;
    }
  }
  if (!balanced && !/[{[]/.test(trimmed)) return { ok: false, problem: "the reply contains no JSON object" };
  return {
    ok: false,
    problem: `the reply is not valid JSON (${lastError}); return one complete JSON object`,
  };
}
