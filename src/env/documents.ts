/** @module A task's realized files → `EnvDocument`s: text extracted from each file of the split, never read from task.json. */
import { readFile } from "node:fs/promises";
import { type ArtifactEntry, inSplit, type Split } from "../core/index.ts";
import { type ExtractedFile, extractedOf } from "../extract/index.ts";
import { artifactPath, type LoadedTask } from "../store/task-store.ts";
import type { EnvDocument } from "./types.ts";

/** The manifest entries a split loads, in manifest order. */
export function splitEntries(loaded: LoadedTask, split: Split): ArtifactEntry[] {
  return loaded.manifest.artifacts.filter((a) => inSplit(a, split));
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
  let ex: ExtractedFile;
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
