/** @module How the paper's f-string prompts print Python values: `json.dumps(x, indent=2)` and `str(bool)`. */

/** Python's `json.dumps(x, indent=2)` as the paper's prompts print it. */
export function pyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "null";
}

/** Python's `str(bool)`, as the paper's f-strings print booleans. */
export function pyBool(value: boolean): string {
  return value ? "True" : "False";
}
