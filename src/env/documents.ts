/** @module A task's realized files → `EnvDocument`s: text extracted from each file of the split, never read from task.json. */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type ArtifactEntry, inSplit, type Split } from "../core/index.ts";
import { extractBytes, parseChat, parseEml } from "../extract/index.ts";
import { artifactPath, type LoadedTask } from "../store/task-store.ts";
import type { EnvDocument } from "./types.ts";

/** The manifest entries a split loads, in manifest order. */
export function splitEntries(loaded: LoadedTask, split: Split): ArtifactEntry[] {
  return loaded.manifest.artifacts.filter((a) => inSplit(a, split));
}

/** What extraction derives from a file's bytes: its text and the metadata the file itself carries. */
type Extracted = { text: string; mail?: { subject: string; from: string; date: string }; channel?: string };

/** Entries kept by `extractedOf` (oldest dropped first); the demo suite's two splits hold ~400 distinct files. */
const EXTRACTED_LIMIT = 4096;
const extracted = new Map<string, Promise<Extracted>>();

/**
 * Extraction is the slow part of loading an env (PDF, DOCX and email parsers); the same file is read by both splits
 * and by every cell of a batch. Results are kept per content (format and SHA-256 of the bytes), so a changed file is
 * extracted again, and a failure is not kept.
 */
function extractedOf(raw: Uint8Array, format: ArtifactEntry["format"]): Promise<Extracted> {
  const key = `${format}:${createHash("sha256").update(raw).digest("hex")}`;
  const hit = extracted.get(key);
  if (hit) return hit;
  const pending = extract(raw, format);
  extracted.set(key, pending);
  pending.catch(() => extracted.delete(key));
  if (extracted.size > EXTRACTED_LIMIT) extracted.delete(extracted.keys().next().value!);
  return pending;
}

async function extract(raw: Uint8Array, format: ArtifactEntry["format"]): Promise<Extracted> {
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

/** Read and extract one artifact; metadata the file itself carries (email subject/sender, chat channel) wins over the manifest. */
export async function readArtifact(loaded: LoadedTask, entry: ArtifactEntry): Promise<EnvDocument> {
  const file = artifactPath(loaded, entry);
  let raw: Uint8Array;
  try {
    raw = new Uint8Array(await readFile(file));
  } catch (error) {
    throw new Error(
      `${file}: artifact ${entry.id} names "${entry.path}", which cannot be read (${(error as Error).message})`,
    );
  }
  let ex: Extracted;
  try {
    ex = await extractedOf(raw, entry.format);
  } catch (error) {
    throw new Error(
      `${file}: expected a readable ${entry.format} file for artifact ${entry.id} (${(error as Error).message})`,
    );
  }
  const doc: EnvDocument = {
    id: entry.id,
    app: entry.app,
    title: entry.title,
    path: entry.path,
    text: ex.text,
    author: entry.author,
    date: entry.date,
    format: entry.format,
    raw,
  };
  if (ex.mail) {
    doc.subject = ex.mail.subject || entry.title;
    doc.author = ex.mail.from || entry.author;
    doc.date = ex.mail.date || entry.date;
  } else if (entry.format === "chat") {
    doc.channel = ex.channel ?? entry.title;
  }
  return doc;
}

/**
 * Every document of the split, read in parallel, in handle order: apps list and search breaks ties in the order
 * documents were added, and handle order says nothing about role or gold step order (unlike a manifest's own order).
 */
export async function readDocuments(loaded: LoadedTask, split: Split): Promise<EnvDocument[]> {
  const docs = await Promise.all(splitEntries(loaded, split).map((e) => readArtifact(loaded, e)));
  return docs.sort(byHandle);
}

/** Order documents by handle (opaque, so the order carries no signal). */
export function byHandle(a: Pick<EnvDocument, "id">, b: Pick<EnvDocument, "id">): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
