/**
 * @module A file's bytes → its text and the metadata the file itself carries, kept per content: validation, the
 * environment (both splits, every cell of a batch) and the judge read the same files, and extraction (PDF, DOCX and
 * email parsers) is the slow part of each.
 */
import { createHash } from "node:crypto";
import type { ArtifactFormat } from "../core/index.ts";
import { extractBytes } from "./bytes.ts";
import { parseChat } from "./chat.ts";
import { parseEml } from "./eml.ts";

/** What extraction derives from a file's bytes: its text and the metadata the file itself carries. */
export type ExtractedFile = {
  text: string;
  mail?: { subject: string; from: string; date: string };
  channel?: string;
};

/** Entries kept (oldest dropped first): a suite with its company corpora holds ~1,000 distinct files. */
const EXTRACTED_LIMIT = 4096;
const extracted = new Map<string, Promise<ExtractedFile>>();

/**
 * The file's text and metadata, kept per content (format and SHA-256 of the bytes), so a changed file is extracted
 * again; a failure is not kept.
 */
export function extractedOf(raw: Uint8Array, format: ArtifactFormat): Promise<ExtractedFile> {
  const key = `${format}:${createHash("sha256").update(raw).digest("hex")}`;
  const hit = extracted.get(key);
  if (hit) return hit;
  const pending = extract(raw, format);
  extracted.set(key, pending);
  pending.catch(() => extracted.delete(key));
  if (extracted.size > EXTRACTED_LIMIT) extracted.delete(extracted.keys().next().value!);
  return pending;
}

async function extract(raw: Uint8Array, format: ArtifactFormat): Promise<ExtractedFile> {
  const text = await extractBytes(raw, format);
  if (format === "eml") {
    const mail = await parseEml(raw);
    return { text, mail: { subject: mail.subject, from: mail.from, date: mail.date } };
  }
  if (format === "chat") {
    const chat = parseChat(raw);
    return { text, channel: chat.channels[0]?.display_name };
  }
  return { text };
}
