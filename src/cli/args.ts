/** @module Minimal flag parsing for the CLI: `--key value`, `--flag`, `--no-flag`, positionals. */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { closest } from "../core/closest.ts";
import { parseTaskRef } from "../core/ids.ts";

export type ParsedArgs = { flags: Record<string, string | boolean | undefined>; positionals: string[] };

/** The flags a command reads: `strings` take a value, `booleans` do not (`--no-x` negates), `multiple` repeat. */
export type FlagSpec = {
  strings?: readonly string[];
  booleans?: readonly string[];
  multiple?: readonly string[];
};

/** Every flag name a spec declares. */
export function flagNames(spec: FlagSpec): string[] {
  return [...(spec.strings ?? []), ...(spec.booleans ?? []), ...(spec.multiple ?? [])];
}

/**
 * Parse `args` against declared options; unknown flags are an error naming the flag and the command's usage.
 * `strings` take a value, `booleans` do not.
 */
export function parseFlags(args: string[], spec: FlagSpec, usage: string): ParsedArgs {
  const options: Record<string, { type: "string" | "boolean"; multiple?: boolean }> = {};
  for (const s of spec.strings ?? []) options[s] = { type: "string" };
  for (const s of spec.multiple ?? []) options[s] = { type: "string", multiple: true };
  for (const b of spec.booleans ?? []) options[b] = { type: "boolean" };
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, allowNegative: true });
    return { flags: values as ParsedArgs["flags"], positionals };
  } catch (error) {
    throw new UsageError(`${describeParseError(error as Error, spec)}\nusage: ${usage}`);
  }
}

/** parseArgs' message in the CLI's words: `unknown option --spilt (did you mean --split?)`; others as they are. */
function describeParseError(error: Error, spec: FlagSpec): string {
  const unknown = /^Unknown option '(-{1,2})([^']*)'/.exec(error.message);
  if (!unknown) return error.message;
  const negated = unknown[2]!.startsWith("no-") ? "no-" : "";
  const near = closest(unknown[2]!.slice(negated.length), negated ? (spec.booleans ?? []) : flagNames(spec));
  return `unknown option ${unknown[1]}${unknown[2]}${near ? ` (did you mean --${negated}${near}?)` : ""}`;
}

/** A file a flag names, which must exist: otherwise a usage error naming the flag and the file. */
export function inputFileFlag(value: unknown, flag: string): string {
  const path = String(value);
  if (!existsSync(path)) throw new UsageError(`--${flag}: no such file ${path}`);
  return path;
}

/** An integer flag value ≥ `min` (`fallback` when the flag is absent); anything else is a usage error naming the flag. */
export function intFlag(value: unknown, flag: string, fallback: number, min: 0 | 1 = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(
      `--${flag}: expected a ${min === 1 ? "positive" : "non-negative"} integer, got "${value}"`,
    );
  return n;
}

/** A flag value one of `choices` (`fallback` when absent); anything else is a usage error naming the flag and choices. */
export function choiceFlag<T extends string>(
  value: unknown,
  flag: string,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!choices.includes(value as T))
    throw new UsageError(`--${flag}: expected ${choices.join(" or ")}, got "${value}"`);
  return value as T;
}

/** `--timeout <seconds>` → milliseconds (undefined when absent: `DRFLOW_MODEL_TIMEOUT`, else the default, applies). */
export function timeoutFlag(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UsageError(
      `--timeout: expected a positive number of seconds per model request, got "${value}"`,
    );
  return Math.round(seconds * 1000);
}

/** A `suite/task_id` flag value, checked (not path-like); otherwise a usage error naming the flag. */
export function taskRefFlag(value: unknown, flag = "task"): string {
  const ref = String(value);
  try {
    parseTaskRef(ref);
  } catch (error) {
    throw new UsageError(`--${flag}: ${(error as Error).message}`);
  }
  return ref;
}

/** A user mistake on the command line: printed without a stack trace, exit code 2. */
export class UsageError extends Error {}
