/**
 * @module Secrets out of everything drflow stores or shows: credentials in URLs (user info, key-like query parameters)
 * and API-key-shaped tokens are replaced by `***` before a handle, URL or message reaches the run store, the cache,
 * traces, API responses or logs.
 */

export const REDACTED = "***";

/** Query parameters that carry credentials (`key`, `api_key`, `api-key`, `token`, `access_token`, `secret`, `sig`, …). */
const SECRET_PARAM =
  /^(?:.*[-_])?(?:key|apikey|token|secret|password|passwd|pwd|sig|signature|auth|authorization|code)$/i;

/** `sk-…`, `sk-or-v1-…`, `Bearer …`: key-shaped tokens that may appear in free text (provider messages). */
const KEY_TOKEN = /\b(?:sk-(?:or-v1-|proj-|ant-)?[A-Za-z0-9_-]{8,}|Bearer\s+[A-Za-z0-9._~+/-]{8,}=*)/g;

/** `http(s)://user:pass@host` → `http(s)://***@host`; key-like query values → `***`. */
function redactUrlMatch(url: string): string {
  let out = url.replace(/^(https?:\/\/)[^/@\s]+@/i, `$1${REDACTED}@`);
  out = out.replace(/([?&])([^=&#\s]+)=([^&#\s]*)/g, (whole, sep: string, name: string, value: string) =>
    SECRET_PARAM.test(decodeURIComponentSafe(name)) && value !== REDACTED
      ? `${sep}${name}=${REDACTED}`
      : whole,
  );
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Any text (a handle, a URL, an error message) with the credentials in it replaced by `***`. */
export function redactSecrets(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+/gi, redactUrlMatch).replace(KEY_TOKEN, REDACTED);
}
