/** @module The price table (data in prices.json): USD per 1M input/output tokens per handle, and the cost of a call. */
import { z } from "zod";
import { parseHandle } from "./handle.ts";
import data from "./prices.json" with { type: "json" };
import { RoleSchema } from "./roles.ts";

export const Price = z.object({
  input_per_1m: z.number().min(0),
  output_per_1m: z.number().min(0),
  roles: z.array(RoleSchema).default([]),
});
export type Price = z.infer<typeof Price>;

export const PriceTable = z.object({
  as_of: z.string(),
  reference: z.object({
    handle: z.string(),
    input_per_1m: z.number(),
    output_per_1m: z.number(),
    source: z.string(),
  }),
  models: z.record(z.string(), Price),
});
export type PriceTable = z.infer<typeof PriceTable>;

/** The bundled table, validated once at load. */
export const PRICES: PriceTable = PriceTable.parse(data);

/**
 * The price of a handle: prices given on the handle (`?input_per_1m=…&output_per_1m=…`, a side not given counts 0),
 * else the table's entry, else null ("unpriced"). A `compat:` server is unpriced unless priced, local or not: drflow
 * cannot tell a free local server from a paid gateway, and never reports an unknown cost as $0.
 */
export function priceOf(handle: string, table: PriceTable = PRICES): Price | null {
  if (handle === table.reference.handle) return { ...table.reference, roles: [] };
  let parsed: ReturnType<typeof parseHandle>;
  try {
    parsed = parseHandle(handle);
  } catch {
    return table.models[handle] ?? null;
  }
  const { input_per_1m, output_per_1m } = parsed.options;
  if (input_per_1m !== undefined || output_per_1m !== undefined)
    return { input_per_1m: input_per_1m ?? 0, output_per_1m: output_per_1m ?? 0, roles: [] };
  return table.models[parsed.priceKey] ?? null;
}

/** Cost in USD of a call; null when the handle's price is unknown (never silently 0). */
export function costOf(
  handle: string,
  inputTokens: number,
  outputTokens: number,
  table: PriceTable = PRICES,
): number | null {
  const price = priceOf(handle, table);
  if (!price) return null;
  return (inputTokens * price.input_per_1m + outputTokens * price.output_per_1m) / 1_000_000;
}
