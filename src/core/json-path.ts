/** @module JSON paths for error messages: a zod issue path written the way the messages name fields. */

/** `["generic_workflow", 3, "title"]` → `$.generic_workflow[3].title`; the empty path is `$`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = "$";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : `.${String(part)}`;
  return out;
}
