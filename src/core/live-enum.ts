/**
 * @module A name schema whose allowed values are a registry's at the moment of parsing (agents, metrics: a plug-in or a
 * test's throwaway entry registered after import counts), shown as a JSON-schema `enum` of the same values
 * (`liveEnumJsonSchema`, the `override` the OpenAPI document is generated with).
 */
import { z } from "zod";

const LIVE_ENUMS = z.registry<{ values: () => readonly string[] }>();

/** A string that must be one of `values()` when parsed; `what` names the list in the error (e.g. "agent"). */
export function liveEnum(what: string, values: () => readonly string[]): z.ZodType<string> {
  const schema = z.string().superRefine((value, ctx) => {
    const allowed = values();
    if (!allowed.includes(value))
      ctx.addIssue({
        code: "custom",
        message: `unknown ${what} "${value}": expected one of ${allowed.join(", ")}`,
      });
  });
  LIVE_ENUMS.add(schema, { values });
  return schema;
}

/** `z.toJSONSchema`'s `override`: a live enum becomes `{ type: "string", enum: [its values now] }`. */
export function liveEnumJsonSchema(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const live = LIVE_ENUMS.get(ctx.zodSchema as z.ZodType);
  if (live) ctx.jsonSchema.enum = [...live.values()];
}
