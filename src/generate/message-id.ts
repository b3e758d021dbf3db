/**
 * @module Message-IDs for generated mail: a hash of the message's own key, so an id carries no role, counter or task id
 * — keyed (HMAC-SHA-256) by the suite's secret when it has one, since a key an agent can guess (`<task>/<n>`) would
 * otherwise be found by hashing guesses.
 */
import { createHash, createHmac } from "node:crypto";

/** `<16 hex>@<domain>` from `key` (anything unique to the message); never a running number, which would tell generation order. */
export function messageId(key: string, domain: string, secret = ""): string {
  const digest = secret ? createHmac("sha256", secret).update(key) : createHash("sha256").update(key);
  return `${digest.digest("hex").slice(0, 16)}@${domain}`;
}
