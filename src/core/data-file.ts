/**
 * @module A data file read through its zod schema (family, domain, pool and corpus files): a file that is not JSON, or
 * fields that do not fit, fail with the file's path and each field at fault (worded by zod-issues.ts).
 */
import { readFileSync } from "node:fs";
import type { z } from "zod";
import { parseFields } from "./zod-issues.ts";

/** The file at `path`, parsed as JSON and validated by `schema`. */
export function readDataFile<S extends z.ZodType>(schema: S, path: string): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
  }
  return parseFields(schema, json, path);
}
