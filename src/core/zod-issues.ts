/**
 * @module A zod failure as lines a person can act on — `file: $.field: expected …, got …`, one per issue — never a
 * dump of the issue objects. The task store, the chat parser and notebook parameters all word their errors here.
 */
import type { z } from "zod";
import { jsonPath } from "./json-path.ts";

/** One problem: which file (or source), where in it (JSON path), and what was expected. */
export type FieldIssue = { file: string; path: string; expected: string };

export function formatIssue(issue: FieldIssue): string {
  return `${issue.file}: ${issue.path}: ${issue.expected}`;
}

function describeReceived(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value.length === 0 ? "an empty string" : `"${value.slice(0, 40)}"`;
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/** A zod issue in "expected …" wording, with what `data` held at its path. */
function expectation(issue: z.core.$ZodIssue, data: unknown): string {
  const got = describeReceived(valueAt(data, issue.path));
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected === "string" ? "a string" : issue.expected}, got ${got}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1)
        return `expected a non-empty string, got ${got}`;
      if (issue.origin === "array") return `expected at least ${issue.minimum} item(s)`;
      return `expected a ${issue.origin} of at least ${issue.minimum}, got ${got}`;
    case "too_big":
      return `expected a ${issue.origin} of at most ${issue.maximum}, got ${got}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${got}`;
    case "invalid_format":
      return `expected ${issue.message.replace(/^expected /, "")}, got ${got}`;
    default:
      return `expected ${issue.message.replace(/^expected /i, "")}`;
  }
}

/** Every issue of a failed parse of `data`, named by `file` and its JSON path. */
export function fieldIssues(error: z.ZodError, data: unknown, file: string): FieldIssue[] {
  return error.issues.map((issue) => ({
    file,
    path: jsonPath(issue.path),
    expected: expectation(issue, data),
  }));
}

/** A failed parse as one error whose message is its issue lines. */
export class FieldError extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map(formatIssue).join("\n"));
    this.name = "FieldError";
  }
}

/** Parse `data` with `schema`, or throw a `FieldError` naming `file` and each field. */
export function parseFields<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new FieldError(fieldIssues(parsed.error, data, file));
  return parsed.data;
}
