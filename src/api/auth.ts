/** @module Binding and access: loopback by default; off loopback a bearer token is required, checked in constant time. */
import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";

const PREFIX = "Bearer ";

/** True for hosts only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Refuse to serve beyond loopback without a token; returns the token to enforce (null = open, loopback only). */
export function requireTokenOffLoopback(host: string, token: string | undefined): string | null {
  if (token !== undefined && token.length < 8) {
    throw new Error("API token: expected at least 8 characters (--token or DRFLOW_API_TOKEN)");
  }
  if (!isLoopback(host) && !token) {
    throw new Error(
      `refusing to bind ${host} without a token: set --token <secret> or DRFLOW_API_TOKEN, or bind 127.0.0.1`,
    );
  }
  return token ?? null;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Require `Authorization: Bearer <token>` on every request, except paths `exempt` names (they check their own credential). */
export function bearer(token: string, exempt: (path: string) => boolean = () => false): MiddlewareHandler {
  return async (c, next) => {
    if (exempt(c.req.path)) return next();
    const header = c.req.header("authorization") ?? "";
    if (!header.startsWith(PREFIX) || !same(header.slice(PREFIX.length), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="drflow"');
      return c.json({ error: "unauthorized: expected Authorization: Bearer <token>" }, 401);
    }
    await next();
  };
}
