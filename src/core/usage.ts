/**
 * @module What model calls cost: one call's record (tokens, cost, latency, attribution) and the sink that stores it,
 * and THE usage-totals shape every total is written in (an agent's trace, a run's recorded calls, a generation, the
 * API's responses), with the one way each is summed.
 */
import { z } from "zod";

/** The roles a model plays; each resolves to a handle (src/llm/roles.ts). */
export const ROLES = ["generator", "agent", "judge", "embedder"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

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

/** Calls, tokens and cost of a set of model calls. `costUsd` sums priced calls only: calls of handles without a price
 *  count in `unpricedCalls`, never as $0. */
export const UsageTotals = z.object({
  calls: z.number().int().min(0),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  costUsd: z.number().min(0),
  unpricedCalls: z.number().int().min(0).default(0),
});
export type UsageTotals = z.infer<typeof UsageTotals>;

/** No calls. */
export function noUsage(): UsageTotals {
  return { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, unpricedCalls: 0 };
}

/** Count one call into `totals` (in place): its tokens, and its cost or, when its price is unknown, one unpriced call. */
export function countCall(
  totals: UsageTotals,
  call: { inputTokens: number; outputTokens: number; costUsd: number | null; costKnown?: boolean },
): void {
  totals.calls += 1;
  totals.inputTokens += call.inputTokens;
  totals.outputTokens += call.outputTokens;
  if (call.costKnown === false || call.costUsd === null) totals.unpricedCalls += 1;
  else totals.costUsd += call.costUsd;
}

/**
 * A run's recorded calls. Tokens and `costUsd` are what was fetched (cache hits cost nothing now); `listCostUsd` is
 * every call at list price, cache hits at what they first cost (`drflow usage`'s figure). Both sum priced calls only.
 */
export const RunUsage = UsageTotals.extend({
  /** Calls the cache answered (counted in `calls`, not in the tokens or `costUsd`). */
  cachedCalls: z.number().int().min(0).default(0),
  /** Every call at list price, cache hits included; unpriced ones count in `listUnpricedCalls`. */
  listCostUsd: z.number().min(0).default(0),
  listUnpricedCalls: z.number().int().min(0).default(0),
});
export type RunUsage = z.infer<typeof RunUsage>;

/**
 * Sums over any set of recorded calls (a run, a batch, a role × stage group): a run's usage plus the tokens of every
 * call, how many calls had no provider usage (their tokens estimated) and their summed latency. The run store computes it in SQL (`callTotals`),
 * `runUsage` from calls in memory; both give the same figures for the same calls.
 */
export const CallTotals = RunUsage.extend({
  /** Tokens of every call, cache hits at what they first took (what the runs list shows and sorts by). */
  listInputTokens: z.number().int().min(0).default(0),
  listOutputTokens: z.number().int().min(0).default(0),
  /** Calls whose tokens are approximate counts (the provider reported no usage). */
  estimatedCalls: z.number().int().min(0).default(0),
  latencyMs: z.number().min(0).default(0),
});
export type CallTotals = z.infer<typeof CallTotals>;

/** No calls, as `CallTotals`. */
export function noCallTotals(): CallTotals {
  return { ...noRunUsage(), listInputTokens: 0, listOutputTokens: 0, estimatedCalls: 0, latencyMs: 0 };
}

/** A run with no calls. */
export function noRunUsage(): RunUsage {
  return { ...noUsage(), cachedCalls: 0, listCostUsd: 0, listUnpricedCalls: 0 };
}

/** A run's usage from its recorded calls. */
export function runUsage(
  calls: readonly Pick<CallRecord, "cost_usd" | "cached" | "input_tokens" | "output_tokens">[],
): RunUsage {
  const usage = noRunUsage();
  for (const c of calls) {
    if (c.cost_usd === null) usage.listUnpricedCalls++;
    else usage.listCostUsd += c.cost_usd;
    if (c.cached) {
      usage.calls++;
      usage.cachedCalls++;
      continue;
    }
    countCall(usage, { inputTokens: c.input_tokens, outputTokens: c.output_tokens, costUsd: c.cost_usd });
  }
  return usage;
}

/** Add `b` into `a` (in place), field by field. */
export function addRunUsage(a: RunUsage, b: RunUsage): void {
  for (const k of Object.keys(a) as (keyof RunUsage)[]) a[k] += b[k];
}

/** The fetched and the list-price cost of a usage, as `formatCosts` shows them. */
export function costsOf(
  u: RunUsage,
): [{ usd: number; unpricedCalls: number }, { usd: number; unpricedCalls: number }, number] {
  return [
    { usd: u.costUsd, unpricedCalls: u.unpricedCalls },
    { usd: u.listCostUsd, unpricedCalls: u.listUnpricedCalls },
    u.cachedCalls,
  ];
}
