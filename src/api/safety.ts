/**
 * @module Request safety for everything the drflow server serves (API routes, notebooks, any page mounted on the
 * same Hono app): only this server's own host names (no DNS rebinding), no cross-site requests, state-changing
 * methods only with a JSON body type (so a web page cannot send them without a CORS preflight), and a body limit.
 *
 * Browsers let any page POST `text/plain`, form or multipart bodies to any address without asking, and a page on a
 * rebinding domain reaches 127.0.0.1 with its own name in `Host`; neither needs a token the browser does not hold.
 * See OWASP's CSRF cheat sheet (custom request header / content type, Origin verification, Fetch Metadata) and the
 * Fetch standard's CORS-safelisted request headers.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** Methods that change state: they need `Content-Type: application/json`. */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Request body limits in bytes by route prefix (first match); everything else gets `DEFAULT_BODY_LIMIT`. */
export const BODY_LIMITS: readonly { prefix: string; bytes: number }[] = [
  /** A report to judge, as JSON or Markdown: large reports run to hundreds of KB. */
  { prefix: "/judge", bytes: 4 * 1024 * 1024 },
  /** A campaign's labels imported as JSONL: thousands of decisions with notes. */
  { prefix: "/studio/campaigns", bytes: 4 * 1024 * 1024 },
];
/** Every other body (a task reference, agent options, generation settings, notebook parameters): 64 KiB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export function bodyLimitFor(path: string): number {
  return (
    BODY_LIMITS.find((l) => path === l.prefix || path.startsWith(`${l.prefix}/`))?.bytes ?? DEFAULT_BODY_LIMIT
  );
}

export type SafetyOptions = {
  /** The address the server binds. */
  host: string;
  /** Whether a bearer token is enforced (then a wildcard bind accepts any Host: the token is the gate). */
  token: boolean;
  /** Further host names clients may use (e.g. the machine's DNS name behind a token). */
  allowedHosts?: readonly string[];
};

const WILDCARD = new Set(["0.0.0.0", "::", "[::]"]);
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1"];

/** The host name of a `Host` header or an origin's authority, lower case, without port or IPv6 brackets. */
export function hostName(authority: string): string {
  const a = authority.trim().toLowerCase();
  // `[v6]` or `[v6]:port`; anything after the port (`127.0.0.1:80@evil`) keeps the whole string, which no list names.
  const v6 = /^\[([^\]]*)\](?::\d*)?$/.exec(a);
  if (v6) return v6[1]!;
  const withPort = /^([^:]*):\d*$/.exec(a);
  return withPort ? withPort[1]! : a;
}

function refuse(c: Context, status: 403 | 415, error: string): Response {
  return c.json({ error }, status);
}

/** Host names this server answers to, or null when any is fine (a wildcard bind behind a token). */
function allowedHostNames(options: SafetyOptions): Set<string> | null {
  const bound = hostName(options.host);
  if (WILDCARD.has(options.host) && options.token && !options.allowedHosts?.length) return null;
  const names = new Set([...LOOPBACK_NAMES, ...(options.allowedHosts ?? []).map(hostName)]);
  // The address it is bound to is always its own, loopback ones too (`serve --host 127.0.0.2`).
  if (!WILDCARD.has(options.host)) names.add(bound);
  return names;
}

/**
 * Refuse, before any route runs: a `Host` that is not this server's (403; DNS rebinding), an `Origin` other than
 * the server's own or `Sec-Fetch-Site: cross-site` (403), a POST/PUT/PATCH/DELETE without
 * `Content-Type: application/json` (415), and a body over the route's limit (413).
 */
export function requestSafety(options: SafetyOptions): MiddlewareHandler {
  const hosts = allowedHostNames(options);
  const limits = new Map<number, MiddlewareHandler>();
  const limiter = (bytes: number) => {
    let m = limits.get(bytes);
    if (!m) {
      m = bodyLimit({
        maxSize: bytes,
        onError: (c) =>
          c.json({ error: `request body too large: this route accepts at most ${bytes} bytes` }, 413),
      });
      limits.set(bytes, m);
    }
    return m;
  };
  return async (c, next) => {
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (hosts && !hosts.has(hostName(host))) {
      return refuse(
        c,
        403,
        `forbidden: Host "${host}" is not this server (expected one of ${[...hosts].join(", ")})`,
      );
    }
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      let same = false;
      try {
        const o = new URL(origin);
        same = o.host.toLowerCase() === host.toLowerCase() && (hosts === null || hosts.has(hostName(o.host)));
      } catch {
        same = false; // "null" (sandboxed frames, file: pages) or garbage
      }
      if (!same) return refuse(c, 403, `forbidden: cross-origin request from ${origin}`);
    }
    if (c.req.header("sec-fetch-site") === "cross-site") {
      return refuse(c, 403, "forbidden: cross-site request");
    }
    if (UNSAFE.has(c.req.method)) {
      const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") {
        return refuse(
          c,
          415,
          `unsupported media type: ${c.req.method} needs Content-Type: application/json${type ? `, got ${type}` : ""}`,
        );
      }
    }
    return limiter(bodyLimitFor(c.req.path))(c, next);
  };
}
