/** @module One LLM call's usage record (tokens, cost, latency, attribution) and the sink that stores them. */
import { z } from "zod";
import { RoleSchema } from "./roles.ts";

export const CallKind = z.enum(["chat", "embed"]);
export type CallKind = z.infer<typeof CallKind>;

/** Where token counts came from: the provider's `usage`, or an o200k_base count (tokens.ts). */
export const UsageSource = z.enum(["provider", "estimate"]);
export type UsageSource = z.infer<typeof UsageSource>;

/** Everything needed to trace a number back to exactly how it was produced. */
export const CallRecord = z.object({
  run_id: z.string().nullable(),
  stage: z.string(),
  role: RoleSchema,
  handle: z.string(),
  provider: z.string(),
  model: z.string(),
  kind: CallKind,
  temperature: z.number().nullable(),
  seed: z.number().int().nullable(),
  /** Name or hash of the prompt template (CallContext.promptTemplate), "" when none was given. */
  prompt_template: z.string(),
  /** The cache key: a hash of exactly what was sent (provider, base URL, model, messages, parameters, schema, repeat). */
  request_key: z.string(),
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  usage_source: UsageSource,
  /** null when the handle has no price in the table. */
  cost_usd: z.number().min(0).nullable(),
  latency_ms: z.number().min(0),
  cached: z.boolean(),
  /** Structured-output attempt (1-based); 1 for plain calls. */
  attempt: z.number().int().min(1),
  /** HTTP retries spent on this call (429, 5xx, timeouts). */
  retries: z.number().int().min(0),
  started_at: z.string(),
  /** Why the call failed (the provider's error) or its reply was rejected; null for a good call. */
  error: z.string().nullable().default(null),
});
export type CallRecord = z.infer<typeof CallRecord>;

/** Receives every finished call (the run store implements it). */
export interface UsageSink {
  recordCall(call: z.input<typeof CallRecord>): void;
}

/** A sink that keeps calls in memory (notebooks, tests). */
export class MemoryUsageSink implements UsageSink {
  readonly calls: CallRecord[] = [];
  recordCall(call: z.input<typeof CallRecord>): void {
    this.calls.push(CallRecord.parse(call));
  }
}
