/** @module Content-addressed cache keys: the parts of a request that determine its answer, their hashes, and how two differ. */
import { createHash } from "node:crypto";
import { z } from "zod";

/** What identifies a request. Never holds keys or auth headers: those are not part of what is sent in the body. */
export const KeyParts = z.object({
  provider: z.string(),
  base_url: z.string(),
  model: z.string(),
  kind: z.enum(["chat", "embed"]),
  /** Chat messages, or the texts to embed. */
  messages: z.array(z.unknown()),
  /** temperature, seed, max_tokens, response_format type, … */
  parameters: z.record(z.string(), z.unknown()),
  schema: z.unknown().nullable(),
  tools: z.unknown().nullable(),
  repeat: z.number().int().min(0),
});
export type KeyParts = z.infer<typeof KeyParts>;

export const KEY_PART_NAMES = KeyParts.keyof().options;
export type KeyPartName = (typeof KEY_PART_NAMES)[number];

/** JSON with object keys sorted, so equal values always serialize the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function partHashes(parts: KeyParts): Record<KeyPartName, string> {
  const out = {} as Record<KeyPartName, string>;
  for (const name of KEY_PART_NAMES) out[name] = sha256(canonicalJson(parts[name])).slice(0, 16);
  return out;
}

/** The cache key: sha256 of the canonical JSON of all parts. */
export function cacheKey(parts: KeyParts): string {
  return sha256(canonicalJson(parts));
}

function preview(value: unknown, at = 0, width = 60): string {
  const text = typeof value === "string" ? value : canonicalJson(value);
  const start = Math.max(0, at - 20);
  const slice = text.slice(start, start + width).replace(/\s+/g, " ");
  return `${start > 0 ? "…" : ""}${slice}${start + width < text.length ? "…" : ""}`;
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** A human description of how `request` differs from `cached` in one part. */
export function describeDifference(part: KeyPartName, cached: KeyParts, request: KeyParts): string {
  if (part === "messages") {
    const a = cached.messages;
    const b = request.messages;
    if (a.length !== b.length) return `cached has ${a.length} message(s), the request ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const ca = canonicalJson(a[i]);
      const cb = canonicalJson(b[i]);
      if (ca === cb) continue;
      const ma = a[i] as { role?: string; content?: string };
      const mb = b[i] as { role?: string; content?: string };
      if (typeof ma?.content === "string" && typeof mb?.content === "string") {
        if (ma.role !== mb.role) return `message ${i}: role ${ma.role} vs ${mb.role}`;
        const at = firstDifference(ma.content, mb.content);
        return `message ${i} (${mb.role}) differs at character ${at}: cached "${preview(ma.content, at)}" vs request "${preview(mb.content, at)}"`;
      }
      const at = firstDifference(ca, cb);
      return `item ${i} differs at character ${at}: cached "${preview(ca, at)}" vs request "${preview(cb, at)}"`;
    }
    return "messages differ";
  }
  if (part === "parameters") {
    const keys = new Set([...Object.keys(cached.parameters), ...Object.keys(request.parameters)]);
    const changed = [...keys]
      .sort()
      .filter((k) => canonicalJson(cached.parameters[k]) !== canonicalJson(request.parameters[k]))
      .map((k) => `${k}: ${canonicalJson(cached.parameters[k])} → ${canonicalJson(request.parameters[k])}`);
    return changed.join(", ");
  }
  const a = canonicalJson(cached[part]);
  const b = canonicalJson(request[part]);
  const at = firstDifference(a, b);
  return `cached ${preview(a, at)} vs request ${preview(b, at)}`;
}
