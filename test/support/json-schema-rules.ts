/**
 * @module The rules a provider applies to a `json_schema` response format, written from the providers' documentation,
 * and a validator of values against the strict subset (what a constrained decoder guarantees).
 *
 * OpenAI, "Structured Outputs — Supported schemas" (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 * - supported types: string, number, boolean, integer, object, array, enum, anyOf;
 * - the root must be an object and must not be `anyOf`;
 * - all fields must be required; "it is possible to emulate an optional parameter by using a union type with null",
 *   the guide's example being `"type": ["string", "null"]` (section "All fields must be required");
 * - `anyOf`: "Nested schemas within anyOf must each be a valid JSON Schema per this subset" (section "anyOf"), the
 *   guide's example being a union of two object schemas;
 * - `additionalProperties: false` must be set on every object;
 * - up to 5000 object properties in total, up to 10 levels of nesting, up to 1000 enum values in total;
 * - not supported: `default` ("'default' is not permitted" is the 400 message), `minLength`, `maxLength`,
 *   `minProperties`, `maxProperties`, `patternProperties`, `unevaluatedProperties`, `propertyNames`, `allOf`, `not`,
 *   `if`/`then`/`else`, `dependentRequired`, `dependentSchemas`.
 * drflow also keeps away from `pattern`/`format`/`minItems`/`maxItems` (supported by some models only); the emulator
 * accepts them, like the API.
 *
 * Unions: the guide shows exactly two forms, and the emulator accepts exactly those: a type array pairing one
 * primitive type (string, number, integer, boolean) with "null", and `anyOf` whose branches (a `{"type": "null"}`
 * branch included) each follow the subset. Anything else — a type array of two non-null types, or `["object",
 * "null"]` / `["array", "null"]` — is not a documented form and is refused, so drflow never depends on it (OpenAI's
 * own SDK sends unions of primitives as type arrays and nullable objects as `anyOf [X, {"type": "null"}]`:
 * openai-node, src/_vendor/zod-to-json-schema/parsers/nullable.ts and union.ts).
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

const ALLOWED = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "enum",
  "const",
  "description",
  "title",
  "$ref",
  "$defs",
  "$schema",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
/** The types the guide's nullable form (`"type": [T, "null"]`) is shown with. */
const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

export const STRICT_LIMITS = { properties: 5000, depth: 10, enumValues: 1000 } as const;

/** Every violation of the strict subset in a schema, as the 400 message would name it; empty when the schema is accepted. */
export function strictSchemaProblems(schema: unknown): string[] {
  const problems: string[] = [];
  let properties = 0;
  let enumValues = 0;
  if (!isObject(schema)) return ["schema must be a JSON object"];
  if (schema.type !== "object") problems.push("root: schema must be a JSON Schema of 'type: \"object\"'");
  if ("anyOf" in schema) problems.push("root: the root schema must not be 'anyOf'");
  const defs = isObject(schema.$defs) ? schema.$defs : {};

  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isObject(node)) {
      problems.push(`${path}: schema must be an object`);
      return;
    }
    if (depth > STRICT_LIMITS.depth)
      problems.push(`${path}: more than ${STRICT_LIMITS.depth} levels of nesting`);
    for (const key of Object.keys(node)) {
      if (!ALLOWED.has(key)) problems.push(`${path}: '${key}' is not permitted`);
    }
    if (typeof node.$ref === "string") {
      const name = node.$ref.replace(/^#\/\$defs\//, "");
      if (!(name in defs) && node.$ref !== "#") problems.push(`${path}: $ref ${node.$ref} does not resolve`);
      return;
    }
    if (Array.isArray(node.anyOf)) {
      for (const [i, b] of node.anyOf.entries()) visit(b, `${path}.anyOf[${i}]`, depth + 1);
      return;
    }
    if (Array.isArray(node.enum)) enumValues += node.enum.length;
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    if (types.length === 0 && !("enum" in node) && !("const" in node)) {
      problems.push(`${path}: schema must have a 'type' key`);
      return;
    }
    for (const t of types) if (!TYPES.has(String(t))) problems.push(`${path}: unknown type '${String(t)}'`);
    const nonNull = types.filter((t) => t !== "null");
    if (nonNull.length > 1)
      problems.push(`${path}: a type array may only pair one type with "null"; a union of types is 'anyOf'`);
    else if (types.length > 1 && !PRIMITIVES.has(String(nonNull[0])))
      problems.push(
        `${path}: '${String(nonNull[0])}' or null is written 'anyOf' with a {"type": "null"} branch`,
      );
    if (nonNull[0] === "object") {
      if (node.additionalProperties !== false)
        problems.push(`${path}: 'additionalProperties' is required to be supplied and to be false`);
      const props = isObject(node.properties) ? node.properties : {};
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      properties += Object.keys(props).length;
      for (const name of Object.keys(props)) {
        if (!required.has(name))
          problems.push(
            `${path}: 'required' is required to be supplied and to include every key in properties; missing '${name}'`,
          );
        visit(props[name], `${path}.${name}`, depth + 1);
      }
    }
    if (nonNull[0] === "array") {
      if (node.items === undefined) problems.push(`${path}: array schema must have 'items'`);
      else visit(node.items, `${path}[]`, depth + 1);
    }
  };
  const { $defs: _defs, $schema: _s, ...root } = schema;
  visit(root, "root", 0);
  for (const [name, def] of Object.entries(defs)) visit(def, `$defs.${name}`, 1);
  if (properties > STRICT_LIMITS.properties)
    problems.push(`more than ${STRICT_LIMITS.properties} properties in total`);
  if (enumValues > STRICT_LIMITS.enumValues)
    problems.push(`more than ${STRICT_LIMITS.enumValues} enum values in total`);
  return [...new Set(problems)];
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Where a value breaks a strict schema (empty when it conforms). */
export function valueProblems(schema: Json, value: unknown, root: Json = schema, path = "$"): string[] {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace(/^#\/\$defs\//, "");
    const target = schema.$ref === "#" ? root : (root.$defs as Json | undefined)?.[name];
    return isObject(target) ? valueProblems(target, value, root, path) : [`${path}: unresolved $ref`];
  }
  if (Array.isArray(schema.anyOf)) {
    const ok = schema.anyOf.some((b) => isObject(b) && valueProblems(b, value, root, path).length === 0);
    return ok ? [] : [`${path}: matches no anyOf branch`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value))
    return [`${path}: not one of the enum values`];
  if ("const" in schema && schema.const !== value) return [`${path}: not the const value`];
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  const actual = typeOf(value);
  if (types.length && !types.includes(actual) && !(actual === "integer" && types.includes("number")))
    return [`${path}: expected ${types.join(" or ")}, got ${actual}`];
  if (actual === "object") {
    const v = value as Json;
    const props = isObject(schema.properties) ? schema.properties : {};
    const problems: string[] = [];
    for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : [])
      if (!(name in v)) problems.push(`${path}.${name}: missing`);
    for (const [key, child] of Object.entries(v)) {
      if (key in props) problems.push(...valueProblems(props[key] as Json, child, root, `${path}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${path}.${key}: not allowed`);
    }
    return problems;
  }
  if (actual === "array" && isObject(schema.items)) {
    return (value as unknown[]).flatMap((item, i) =>
      valueProblems(schema.items as Json, item, root, `${path}[${i}]`),
    );
  }
  return [];
}
