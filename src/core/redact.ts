/**
 * @module Secrets out of everything drflow stores or shows — the one redaction function, `redactSecrets`, which every
 * store, cache, trace, API response, log and start-up line passes through. It replaces with `***`:
 * - credentials in URLs of any scheme (`http://user:pass@…` → `http://***@…`, `postgres://u:pw@…` → `postgres://u:***@…`)
 *   and key-like query parameters;
 * - API-key-shaped tokens in free text (`sk-…`, `Bearer …`);
 * - every secret this process holds (`rememberSecret`: the key sent to a provider, a URL's password, a database
 *   password, the API token), wherever it appears — so a key a provider echoes back in an error body is caught too,
 *   whatever it looks like.
 */

export const REDACTED = "***";

/** Query parameters that carry credentials (`key`, `api_key`, `api-key`, `token`, `access_token`, `secret`, `sig`, …). */
const SECRET_PARAM =
  /^(?:.*[-_])?(?:key|apikey|token|secret|password|passwd|pwd|sig|signature|auth|authorization|code)$/i;

/** `sk-…`, `sk-or-v1-…`, `Bearer …`: key-shaped tokens that may appear in free text (provider messages). */
const KEY_TOKEN = /\b(?:sk-(?:or-v1-|proj-|ant-)?[A-Za-z0-9_-]{8,}|Bearer\s+[A-Za-z0-9._~+/-]{8,}=*)/g;

/** A URL of any scheme (`https://`, `postgres://`, …) up to whitespace or a quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/** Secrets shorter than this are not remembered: they would match ordinary words. */
const MIN_REMEMBERED = 6;

/** Placeholders drflow sends when no key is needed; never secrets. */
const NOT_SECRETS = new Set(["no-key", REDACTED]);

const remembered = new Set<string>();

/**
 * Remember a secret this process holds, so `redactSecrets` removes it wherever it appears (its URL-encoded form too).
 * Called where a secret enters: the key a model sends, a URL's user info or key-like query value, a database URL's
 * password, the API's token.
 */
export function rememberSecret(value: string | null | undefined): void {
  if (!value || value.length < MIN_REMEMBERED || NOT_SECRETS.has(value)) return;
  remembered.add(value);
  const encoded = encodeURIComponent(value);
  if (encoded !== value) remembered.add(encoded);
}

/**
 * A model endpoint's user info is all key (`http://KEY@host`, `https://user:key@host` → `https://***@host`); any other
 * scheme's user name is no secret (`postgres://drflow@…` stays, `postgres://drflow:pw@…` → `postgres://drflow:***@…`).
 * Key-like query values → `***`.
 */
function redactUrlMatch(url: string): string {
  let out = url.replace(
    /^([a-z][a-z0-9+.-]*:\/\/)([^/@\s]+)@/i,
    (_whole, scheme: string, userinfo: string) => {
      if (/^(?:https?|wss?):/i.test(scheme)) return `${scheme}${REDACTED}@`;
      const colon = userinfo.indexOf(":");
      return colon < 0 ? `${scheme}${userinfo}@` : `${scheme}${userinfo.slice(0, colon)}:${REDACTED}@`;
    },
  );
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

/** Remember the credentials a URL carries (user info, key-like query values), for `redactSecrets`. */
export function rememberUrlSecrets(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  // The password; a user name only when it stands alone in a model endpoint's URL (`http://KEY@host`, which handles
  // send as the key) — a database's user (`postgres://drflow@…`, `postgres://drflow:pw@…`) is no secret.
  const alone = /^https?:$/.test(parsed.protocol) ? parsed.username : "";
  rememberSecret(decodeURIComponentSafe(parsed.password || alone));
  for (const [name, value] of parsed.searchParams) if (SECRET_PARAM.test(name)) rememberSecret(value);
}

/** Any text (a handle, a URL, an error message, a log line, a JSON document) with its credentials replaced by `***`. */
export function redactSecrets(text: string): string {
  let out = text.replace(URL_IN_TEXT, redactUrlMatch).replace(KEY_TOKEN, REDACTED);
  // Longest first: a remembered secret inside a longer one (a password "secret", a key "cli-secret-1") would otherwise
  // leave the rest of the longer one in clear.
  for (const secret of [...remembered].sort((a, b) => b.length - a.length))
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** A JSON value with every string in it redacted (objects and arrays copied, everything else as is). */
export function redactValue<T>(value: T): T {
  if (typeof value === "string") return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map(redactValue) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v)])) as T;
  return value;
}
