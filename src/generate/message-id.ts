/** @module Message-IDs for generated mail: a hash of the message's own key, so an id carries no role, counter or task id. */
import { createHash } from "node:crypto";

/** `<16 hex>@<domain>` from `key` (anything unique to the message); never a running number, which would tell generation order. */
export function messageId(key: string, domain: string): string {
  return `${createHash("sha256").update(key).digest("hex").slice(0, 16)}@${domain}`;
}
