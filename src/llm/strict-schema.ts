/**
 * @module Strict-mode JSON schemas from zod schemas, and the decoder that turns a strict reply back into what the zod
 * schema reads.
 *
 * OpenAI's structured outputs with `strict: true` accept a subset of JSON Schema
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): the root is an object (not
 * `anyOf`); every object sets `additionalProperties: false` and lists every property in `required`, an optional
 * field being expressed as a union with `null`; keywords such as `default`, `minLength`, `propertyNames`,
 * `patternProperties` or `minProperties` are not permitted. OpenRouter passes the same `json_schema` format to the
 * models that support it (https://openrouter.ai/docs/structured-outputs), and vLLM, llama.cpp and Ollama accept it
 * too. The zod schema stays the source of truth: constraints dropped here are still enforced when the reply is
 * validated.
 *
 * Unions are written only in the guide's two documented forms: "T or null" for a primitive T as the type array
 * `[T, "null"]` (the guide's "union type with null", example `"type": ["string", "null"]`), and every other union —
 * several types, or an object, array, enum or const that may be null — as `anyOf`, each branch in the subset ("Nested
 * schemas within anyOf must each be a valid JSON Schema per this subset"). OpenAI's SDK draws the same line
 * (openai-node, src/_vendor/zod-to-json-schema/parsers/nullable.ts).
 */
import { z } from "zod";

type Json = Record<string, unknown>;

/** The property a non-object root is wrapped in. */
export const WRAPPED_KEY = "value";

/** Keywords kept; everything else (defaults, length and count limits, formats, patterns, titles) is dropped. */
const KEPT = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "enum",
  "const",
]);

type Decode = (value: unknown) => unknown;
type Converted = { schema: Json; decode: Decode; nullable: boolean };

const identity: Decode = (v) => v;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

const SCALARS: Json[] = [{ type: "string" }, { type: "number" }, { type: "boolean" }];

/** The types the documented nullable form `[T, "null"]` is written with. */
const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

/**
 * A scalar or a list of strings: what strict mode can say for "anything" (`z.unknown()`); objects need their keys
 * named. The list holds strings only, so the schema stays one level shallower (free-form action parameters sit deep).
 */
const ANY_SCALAR: Json = {
  anyOf: [...SCALARS, { type: "array", items: { type: "string" } }, { type: "null" }],
};

function typesOf(node: Json): string[] {
  const t = node.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === "string" ? [t] : [];
}

function acceptsNull(node: Json): boolean {
  if (typesOf(node).includes("null")) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  if ("const" in node && node.const === null) return true;
  return Array.isArray(node.anyOf) && (node.anyOf as Json[]).some(acceptsNull);
}

/** The same schema, also accepting null (an optional property in strict form), in a documented form. */
function withNull(node: Json): Json {
  if (acceptsNull(node)) return node;
  const types = typesOf(node);
  if (types.length === 1 && PRIMITIVES.has(types[0]!) && !("enum" in node) && !("const" in node))
    return { ...node, type: [types[0], "null"] };
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...(node.anyOf as Json[]), { type: "null" }] };
  return { anyOf: [node, { type: "null" }] };
}

/** Which anyOf branch a decoded value belongs to: the first whose type matches. */
function branchFor(branches: Converted[], value: unknown): Converted | undefined {
  const kind =
    value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "object" ? "object" : null;
  if (!kind) return undefined;
  return branches.find((b) => typesOf(b.schema).includes(kind));
}

class Converter {
  private readonly defs: Json;

  constructor(root: Json) {
    this.defs = isObject(root.$defs) ? root.$defs : {};
  }

  convert(node: unknown, depth = 0): Converted {
    if (depth > 40) throw new Error("strict schema: nesting deeper than 40 levels (a recursive schema?)");
    if (!isObject(node) || Object.keys(node).filter((k) => KEPT.has(k) || k === "$ref").length === 0)
      return { schema: ANY_SCALAR, decode: identity, nullable: true };
    if (typeof node.$ref === "string") {
      const name = node.$ref.replace(/^#\/\$defs\//, "");
      return this.convert(this.defs[name], depth + 1);
    }
    if (Array.isArray(node.anyOf)) return this.anyOf(node.anyOf, depth);
    const types = typesOf(node);
    const nonNull = types.filter((t) => t !== "null");
    if (nonNull.length > 1 || (types.length > 1 && !PRIMITIVES.has(nonNull[0]!))) {
      // Several types, or an object or array that may be null: documented only as anyOf.
      const { type: _type, ...rest } = node;
      return this.anyOf(
        [
          ...nonNull.map((t) => ({ ...rest, type: t })),
          ...(types.includes("null") ? [{ type: "null" }] : []),
        ],
        depth,
      );
    }
    const base: Json = {};
    if (typeof node.description === "string") base.description = node.description;
    if (Array.isArray(node.enum)) base.enum = node.enum;
    if ("const" in node) base.const = node.const;
    if (types.length) base.type = types.length === 1 ? types[0] : types;
    const nullable = types.includes("null");
    if (nonNull[0] === "object") return this.object(node, base, depth);
    if (nonNull[0] === "array") {
      const items = this.convert(node.items, depth + 1);
      return {
        schema: { ...base, items: items.schema },
        decode: (v) => (Array.isArray(v) ? v.map(items.decode) : v),
        nullable,
      };
    }
    return { schema: base, decode: identity, nullable: nullable || acceptsNull(base) };
  }

  private anyOf(branches: unknown[], depth: number): Converted {
    const converted = branches.map((b) => this.convert(b, depth + 1));
    const flat = converted.flatMap((c) =>
      Array.isArray(c.schema.anyOf) ? (c.schema.anyOf as Json[]) : [c.schema],
    );
    // A primitive or null (zod's `.nullable()`) in the guide's own form, `[T, "null"]`.
    const [first, second] = flat;
    const primitiveOrNull =
      flat.length === 2 &&
      typeof first!.type === "string" &&
      PRIMITIVES.has(first!.type) &&
      !("enum" in first!) &&
      !("const" in first!) &&
      second!.type === "null" &&
      Object.keys(second!).length === 1;
    return {
      schema: primitiveOrNull ? { ...first, type: [first!.type, "null"] } : { anyOf: flat },
      decode: (v) => branchFor(converted, v)?.decode(v) ?? v,
      nullable: converted.some((c) => c.nullable),
    };
  }

  private object(node: Json, base: Json, depth: number): Converted {
    const properties = isObject(node.properties) ? node.properties : {};
    const names = Object.keys(properties);
    const extra = node.additionalProperties;
    if (names.length === 0 && isObject(extra)) {
      // A record (`z.record`): strict objects cannot have free keys, so it travels as a list of key/value pairs.
      const value = this.convert(extra, depth + 1);
      const pair: Json = {
        type: "object",
        properties: { key: { type: "string" }, value: value.schema },
        required: ["key", "value"],
        additionalProperties: false,
      };
      const schema: Json = { type: "array", items: pair };
      if (base.description) schema.description = base.description;
      return {
        schema,
        decode: (v) =>
          Array.isArray(v)
            ? Object.fromEntries(
                v.filter(isObject).map((p) => [String(p.key), value.decode(p.value)] as [string, unknown]),
              )
            : v,
        nullable: false,
      };
    }
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const children = new Map<string, Converted>();
    const strictProperties: Json = {};
    const optionalNulls = new Set<string>();
    for (const name of names) {
      const child = this.convert(properties[name], depth + 1);
      children.set(name, child);
      if (required.has(name)) strictProperties[name] = child.schema;
      else {
        strictProperties[name] = withNull(child.schema);
        // An optional property that did not take null: a null in the reply means "absent".
        if (!child.nullable) optionalNulls.add(name);
      }
    }
    return {
      schema: { ...base, properties: strictProperties, required: names, additionalProperties: false },
      decode: (v) => {
        if (!isObject(v)) return v;
        const out: Json = {};
        for (const [key, value] of Object.entries(v)) {
          if (value === null && optionalNulls.has(key)) continue;
          const child = children.get(key);
          out[key] = child ? child.decode(value) : value;
        }
        return out;
      },
      nullable: false,
    };
  }
}

export type StrictSchema = {
  /** The strict-mode JSON schema to send. */
  schema: Json;
  /** True when a non-object root was wrapped in `{ "value": … }`. */
  wrapped: boolean;
  /** A reply in strict form → the shape the zod schema reads (unwrapped, nulls of optional fields removed, records rebuilt). */
  decode(value: unknown): unknown;
};

/** The strict-mode schema of what the model must produce (zod input side), and its decoder. */
export function strictSchemaOf(schema: z.ZodType): StrictSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  const converter = new Converter(json);
  const root = converter.convert(json);
  if (typesOf(root.schema).join() === "object")
    return { schema: root.schema, wrapped: false, decode: root.decode };
  return {
    schema: {
      type: "object",
      properties: { [WRAPPED_KEY]: root.schema },
      required: [WRAPPED_KEY],
      additionalProperties: false,
    },
    wrapped: true,
    // Tolerant: a reply in prompt mode may come unwrapped.
    decode: (v) =>
      root.decode(isObject(v) && Object.keys(v).length === 1 && WRAPPED_KEY in v ? v[WRAPPED_KEY] : v),
  };
}
