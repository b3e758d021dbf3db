/** @module Structured output: JSON extraction, zod validation, and re-asking with the accumulated validation errors. */
import type { z } from "zod";
import { jsonPath } from "../core/json-path.ts";
import { fillTemplate } from "../core/template.ts";
import { StructuredOutputError } from "./errors.ts";
import type { StructuredMode } from "./handle.ts";
import { extractJson } from "./json-extract.ts";
import { JSON_INSTRUCTION, REJECTION, rejectionCountPhrase } from "./prompts/structured.ts";
import { repairQuote } from "./repair-quote.ts";
import type { StrictSchema } from "./strict-schema.ts";
import type { ChatMessage, ChatResult, ObjectRequest, ObjectResult, Usage } from "./types.ts";

export { StructuredMode } from "./handle.ts";

export const DEFAULT_MAX_ATTEMPTS = 3;

/** The problem a reply cut off at the token limit has, whatever its text. */
export const TRUNCATED =
  "the reply was cut off at the token limit (finish_reason: length); return a shorter, complete JSON object";

/** Validate a reply: the parsed object, or the problems (JSON path + what was expected). `decode` maps strict form back. */
export function checkReply<S extends z.ZodType>(
  schema: S,
  text: string,
  decode: (value: unknown) => unknown = (v) => v,
): { ok: true; object: z.infer<S> } | { ok: false; problems: string[] } {
  if (!text.trim()) return { ok: false, problems: ["the reply is empty; return one complete JSON object"] };
  const extracted = extractJson(text);
  if (!extracted.ok) return { ok: false, problems: [extracted.problem] };
  const parsed = schema.safeParse(decode(extracted.value));
  if (parsed.success) return { ok: true, object: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((i) => `${jsonPath(i.path)}: ${i.message}`) };
}

/** The re-prompt listing every problem so far, the latest attempt's marked `*` (seed 002 §C.1). */
export function rejectionMessage(rejections: number, history: string[][]): string {
  const latest = new Set(history.at(-1) ?? []);
  const earlier = [...new Set(history.slice(0, -1).flat())].filter((p) => !latest.has(p));
  const lines = [...earlier.map((p) => `- ${p}`), ...[...latest].map((p) => `* ${p}`)];
  return fillTemplate(
    REJECTION,
    { rejection_count_phrase: rejectionCountPhrase(rejections), validation_error_list: lines.join("\n") },
    { name: "prompt structured/REJECTION" },
  );
}

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    costUsd: a.costUsd + b.costUsd,
    latencyMs: a.latencyMs + b.latencyMs,
    cached: a.cached && b.cached,
    ...(a.usageSource || b.usageSource
      ? {
          usageSource: a.usageSource === "estimate" || b.usageSource === "estimate" ? "estimate" : "provider",
        }
      : {}),
    ...(a.costKnown === false || b.costKnown === false ? { costKnown: false } : {}),
  };
}

/**
 * The messages for the first attempt. In `json_object` and `prompt` mode the schema goes into a system message, and
 * system content always comes first (several chat templates — Llama, Mistral, Gemma — reject a system message after a
 * user turn): the instruction joins a leading system message or is put before the conversation.
 */
export function initialMessages(
  messages: ChatMessage[],
  schemaName: string,
  jsonSchema: unknown,
  mode: StructuredMode,
): ChatMessage[] {
  if (mode === "json_schema") return messages;
  const instruction = fillTemplate(
    JSON_INSTRUCTION,
    { schema_name: schemaName, json_schema: JSON.stringify(jsonSchema) },
    { name: "prompt structured/JSON_INSTRUCTION" },
  );
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: "system", content: instruction }, ...messages];
}

/** One chat attempt as the structured loop sees it; `check` names the reply's problems (none: cache it as good). */
export type AttemptFn = (
  messages: ChatMessage[],
  attempt: number,
  check: (text: string, finishReason: string | null) => string | null,
) => Promise<ChatResult>;

/** Ask, validate, and re-ask with the accumulated problems until the reply validates or attempts run out. */
export async function generateStructured<S extends z.ZodType>(
  request: ObjectRequest<S>,
  mode: StructuredMode,
  strict: StrictSchema,
  attemptFn: AttemptFn,
): Promise<ObjectResult<z.infer<S>>> {
  const maxAttempts = request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (maxAttempts < 1) throw new Error(`generateObject ${request.schemaName}: maxAttempts must be ≥ 1`);
  const base = initialMessages(request.messages, request.schemaName, strict.schema, mode);
  // The model layer checks a reply before caching it and the loop then reads the verdict: one parse and validation
  // per reply text, not one per reader.
  let last: { text: string; checked: ReturnType<typeof checkReply<S>> } | null = null;
  const check = (text: string) => {
    if (last?.text !== text) last = { text, checked: checkReply(request.schema, text, strict.decode) };
    return last.checked;
  };
  const problemsOf = (text: string, finishReason: string | null): string[] => {
    const checked = check(text);
    if (checked.ok && finishReason !== "length") return [];
    return finishReason === "length" ? [TRUNCATED] : checked.ok ? [] : checked.problems;
  };
  let messages = base;
  let usage: Usage | null = null;
  const history: string[][] = [];
  let raw = "";
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const result = await attemptFn(
      messages,
      attempt,
      (text, finish) => problemsOf(text, finish).join("; ") || null,
    );
    usage = usage ? addUsage(usage, result.usage) : result.usage;
    raw = result.text;
    const problems = problemsOf(raw, result.finishReason ?? null);
    const checked = problems.length === 0 ? check(raw) : null;
    if (checked?.ok) return { object: checked.object, usage, attempts: attempt, raw };
    history.push(problems);
    messages = [
      ...base,
      { role: "assistant", content: repairQuote(raw) },
      { role: "user", content: rejectionMessage(history.length, history) },
    ];
  }
  const problems = [...new Set(history.flat())];
  throw new StructuredOutputError(request.schemaName, maxAttempts, raw, problems);
}
