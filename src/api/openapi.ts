/** @module The OpenAPI 3.1 document, generated from the route specs' zod schemas with `z.toJSONSchema`. */
import { z } from "zod";
import { liveEnumJsonSchema } from "../core/live-enum.ts";
import { ErrorResponse } from "./schemas.ts";

export type RouteSpec = {
  method: "get" | "post" | "delete";
  /** Hono path, e.g. `/tasks/:suite/:id`. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Media type of the success response when not JSON. */
  produces?: "text/html" | "text/event-stream";
  status?: number;
};

function schema(s: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  return z.toJSONSchema(s, { io, unrepresentable: "any", override: liveEnumJsonSchema }) as Record<
    string,
    unknown
  >;
}

function parameters(obj: z.ZodObject | undefined, where: "path" | "query"): unknown[] {
  if (!obj) return [];
  const json = schema(obj, "input") as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: s,
  }));
}

export function openApiDocument(
  specs: readonly RouteSpec[],
  info: { title: string; version: string },
): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of specs) {
    const path = r.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    const ok = String(r.status ?? 200);
    const content = r.produces
      ? { [r.produces]: { schema: { type: "string" } } }
      : r.response
        ? { "application/json": { schema: schema(r.response, "output") } }
        : undefined;
    paths[path] ??= {};
    paths[path][r.method] = {
      summary: r.summary,
      tags: [r.tag],
      parameters: [...parameters(r.params, "path"), ...parameters(r.query, "query")],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: schema(r.body, "input") } },
            },
          }
        : {}),
      responses: {
        [ok]: { description: "success", ...(content ? { content } : {}) },
        "400": {
          description: "invalid request (names the field)",
          content: { "application/json": { schema: schema(ErrorResponse, "output") } },
        },
        "401": { description: "missing or wrong bearer token (when the server requires one)" },
        "404": { description: "not found" },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info,
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    security: [{ bearer: [] }],
    paths,
  };
}
