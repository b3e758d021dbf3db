/**
 * @module A local Hono server that replays recorded Mattermost REST API v4 exchanges in order: each request must
 * match the next recorded method, path+query and (subset of) JSON body; the recorded status, headers and body are
 * sent back. Mismatches answer 500 and are collected in `errors`, so a test can show exactly what diverged.
 */
import { Hono } from "hono";
import { z } from "zod";

export const Exchange = z.object({
  note: z.string().default(""),
  request: z.object({ method: z.string(), path: z.string(), body: z.unknown().optional() }),
  response: z.object({
    status: z.number().int(),
    headers: z.record(z.string(), z.string()).default({}),
    body: z.unknown(),
  }),
});
export type Exchange = z.infer<typeof Exchange>;

/** True when every field of `expected` is present and equal in `actual` (arrays compared whole). */
export function subsetMatch(expected: unknown, actual: unknown): boolean {
  if (expected === null || typeof expected !== "object" || Array.isArray(expected)) {
    return JSON.stringify(expected) === JSON.stringify(actual);
  }
  if (actual === null || typeof actual !== "object") return false;
  return Object.entries(expected).every(([k, v]) => subsetMatch(v, (actual as Record<string, unknown>)[k]));
}

export function startReplay(exchanges: Exchange[]): {
  url: string;
  errors: string[];
  /** Every request as the server received it (method, path+query, raw body). */
  requests: { method: string; path: string; body: string }[];
  remaining(): number;
  close(): void;
} {
  let next = 0;
  const errors: string[] = [];
  const requests: { method: string; path: string; body: string }[] = [];
  const app = new Hono();
  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname + url.search;
    const raw = await c.req.text();
    requests.push({ method: c.req.method, path, body: raw });
    const body = raw ? JSON.parse(raw) : undefined;
    const expected = exchanges[next];
    const problem = !expected
      ? "no more recorded exchanges"
      : expected.request.method !== c.req.method
        ? `method ${c.req.method}, recorded ${expected.request.method}`
        : expected.request.path !== path
          ? `path ${path}, recorded ${expected.request.path}`
          : expected.request.body !== undefined && !subsetMatch(expected.request.body, body)
            ? `body ${raw}, recorded ${JSON.stringify(expected.request.body)}`
            : null;
    if (problem || !expected) {
      errors.push(`exchange ${next} (${c.req.method} ${path}): ${problem}`);
      return new Response(JSON.stringify({ message: problem, status_code: 500 }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    }
    next++;
    return new Response(JSON.stringify(expected.response.body), {
      status: expected.response.status,
      headers: { "Content-Type": "application/json", ...expected.response.headers },
    });
  });
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.fetch });
  return {
    url: `http://127.0.0.1:${server.port}`,
    errors,
    requests,
    remaining: () => exchanges.length - next,
    close: () => server.stop(true),
  };
}
