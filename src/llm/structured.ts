/** @module Structured output: JSON extraction, zod validation, and re-asking with the accumulated validation errors. */
import { z } from "zod";
import { jsonPath } from "../core/json-path.ts";
import { StructuredOutputError } from "./errors.ts";
import { extractJson } from "./json-extract.ts";
import { JSON_INSTRUCTION, REJECTION, rejectionCountPhrase } from "./prompts/structured.ts";
import { fillTemplate } from "./template.ts";
import type { ChatMessage, ChatResult, ObjectRequest, ObjectResult, Usage } from "./types.ts";

export const DEFAULT_MAX_ATTEMPTS = 3;

/** How the schema reaches the model: a JSON-schema response format, or an instruction in the prompt. */
export const StructuredMode = z.enum(["json_schema", "prompt"]);
export type StructuredMode = z.infer<typeof StructuredMode>;

/** The JSON Schema of what the model must produce (zod input side; unrepresentable parts become `{}`). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}

/** Validate a reply: the parsed object, or the problems (JSON path + what was expected). */
export function checkReply<S extends z.ZodType>(
  schema: S,
  text: string,
): { ok: true; object: z.infer<S> } | { ok: false; problems: string[] } {
  const extracted = extractJson(text);
  if (!extracted.ok) return { ok: false, problems: [extracted.problem] };
  const parsed = schema.safeParse(extracted.value);
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
    "structured/REJECTION",
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

/** The messages for the first attempt: in `prompt` mode the schema goes into a system message. */
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
    "structured/JSON_INSTRUCTION",
  );
  return [...messages, { role: "system", content: instruction }];
}

/** One chat attempt as the structured loop sees it. */
export type AttemptFn = (messages: ChatMessage[], attempt: number) => Promise<ChatResult>;

/** Ask, validate, and re-ask with the accumulated problems until the reply validates or attempts run out. */
export async function generateStructured<S extends z.ZodType>(
  request: ObjectRequest<S>,
  mode: StructuredMode,
  attemptFn: AttemptFn,
): Promise<ObjectResult<z.infer<S>>> {
  const maxAttempts = request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (maxAttempts < 1) throw new Error(`generateObject ${request.schemaName}: maxAttempts must be ≥ 1`);
  const base = initialMessages(request.messages, request.schemaName, jsonSchemaOf(request.schema), mode);
  let messages = base;
  let usage: Usage | null = null;
  const history: string[][] = [];
  let raw = "";
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const result = await attemptFn(messages, attempt);
    usage = usage ? addUsage(usage, result.usage) : result.usage;
    raw = result.text;
    const checked = checkReply(request.schema, raw);
    if (checked.ok) return { object: checked.object, usage, attempts: attempt, raw };
    history.push(checked.problems);
    messages = [
      ...base,
      { role: "assistant", content: raw },
      { role: "user", content: rejectionMessage(history.length, history) },
    ];
  }
  const problems = [...new Set(history.flat())];
  throw new StructuredOutputError(request.schemaName, maxAttempts, raw, problems);
}
