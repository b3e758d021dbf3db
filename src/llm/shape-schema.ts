/**
 * @module The zod schema of one JSON value's shape: every object with exactly its keys, every array with the shapes of
 * its items, every leaf with its type. A request that asks a model to return a value "in exactly the same shape" (S6's
 * fact check) sends this schema, which strict mode can express; a record of unknowns (`z.record(z.string(),
 * z.unknown())`) cannot, since strict objects name their keys and "anything" there admits no nested object.
 */
import { z } from "zod";

/** The shape of `value` as a zod schema (objects strict, arrays of the union of their items' shapes). */
export function shapeSchema(value: unknown): z.ZodType {
  if (value === null) return z.null();
  if (Array.isArray(value)) {
    const shapes = new Map<string, z.ZodType>();
    for (const item of value) {
      const schema = shapeSchema(item);
      shapes.set(JSON.stringify(z.toJSONSchema(schema)), schema);
    }
    const items = [...shapes.values()];
    if (items.length === 0) return z.array(z.string());
    return z.array(items.length === 1 ? items[0]! : z.union(items as [z.ZodType, z.ZodType]));
  }
  switch (typeof value) {
    case "string":
      return z.string();
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "object":
      return z.strictObject(
        Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shapeSchema(v)]),
        ),
      );
    default:
      throw new Error(`shapeSchema: ${typeof value} is not a JSON value`);
  }
}
