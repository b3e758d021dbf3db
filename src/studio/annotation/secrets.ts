/**
 * @module Annotator links: a random secret per annotator, stored only as its SHA-256, compared in constant time. The
 * secret travels once in the link's query, is then kept in an HttpOnly cookie scoped to that annotator's pages, and is
 * never logged or rendered again.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 32 random bytes, base64url: what an annotator's link carries. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Does `secret` hash to `storedHash`? Both sides are 32-byte digests, compared with `timingSafeEqual`. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = createHash("sha256").update(secret).digest();
  const stored = Buffer.from(storedHash, "hex");
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/** A short random id (campaigns, annotators, items): lowercase hex, never derived from what it names. */
export function randomId(prefix: string): string {
  return `${prefix}${randomBytes(6).toString("hex")}`;
}

/** The cookie holding an annotator's secret; its Path limits it to that annotator's pages. */
export const SECRET_COOKIE = "drflow_annotator";
