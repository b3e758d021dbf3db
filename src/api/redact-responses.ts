/**
 * @module The API's last word on secrets: every JSON, HTML and text response body (the studio's pages included) passes
 * through `redactSecrets` on its way out, so a credential that reached a response by any path — a handle in a job, a
 * provider's echo in an error, a trace — leaves as `***`. Streams (server-sent events) redact each event themselves.
 */
import type { MiddlewareHandler } from "hono";
import { redactSecrets } from "../core/redact.ts";

const TEXTUAL = /^(?:application\/(?:json|problem\+json)|text\/(?:html|plain|markdown|csv))\b/i;

export function redactResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (!TEXTUAL.test(type) || !c.res.body) return;
    const text = await c.res.text();
    const clean = redactSecrets(text);
    const headers = new Headers(c.res.headers);
    if (clean !== text) headers.delete("content-length");
    c.res = new Response(clean, { status: c.res.status, statusText: c.res.statusText, headers });
  };
}
