/** @module API errors: a status and a message, plus the fields a 400 names; the JSON error body. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { QueueFull } from "../jobs/work-queue.ts";

export type FieldIssue = { field: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Turn zod issues into `{ field: "options.iterations", message }` entries and one sentence naming the fields. */
export function validationError(where: string, error: z.ZodError): ApiError {
  const issues = error.issues.map((i) => ({
    field: i.path.length ? i.path.map(String).join(".") : where,
    message: i.message,
  }));
  const text = issues.map((i) => `${i.field}: ${i.message}`).join("; ");
  return new ApiError(400, `invalid ${where}: ${text}`, issues);
}

export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(where, r.error);
  return r.data;
}

/** Parse the JSON body; a body that is not JSON is a 400 too. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseBodyText(schema, await c.req.text());
}

/** A request body's text parsed and checked as `jsonBody` does (for a route that keeps the text, not the value). */
export function parseBodyText<S extends z.ZodType>(schema: S, text: string): z.infer<S> {
  let value: unknown;
  try {
    value = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(400, "invalid body: expected JSON", [{ field: "body", message: "expected JSON" }]);
  }
  return parseOr400(schema, value, "body");
}

/** The app's error handler: ApiError → its status; anything else → 500 with the message (never a stack). */
export function onError(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
    return c.json({ error: error.message, ...(error.issues ? { issues: error.issues } : {}) }, error.status);
  }
  if (error instanceof QueueFull) {
    c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json({ error: error.message }, 503);
  }
  const status = (error as { status?: number }).status;
  if (status === 401) return c.json({ error: "unauthorized: expected Authorization: Bearer <token>" }, 401);
  return c.json({ error: error.message }, 500);
}
