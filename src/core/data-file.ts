/**
 * @module A data file read through its zod schema (family, domain, pool and corpus files): a file that is not JSON, or
 * a field that does not fit, fails with the file's path and the first five fields at fault.
 */
import { readFileSync } from "node:fs";
import type { z } from "zod";

/** The file at `path`, parsed as JSON and validated by `schema`. */
export function readDataFile<S extends z.ZodType>(schema: S, path: string): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`${path}: ${problems.slice(0, 5).join("; ")}`);
  }
  return parsed.data;
}
