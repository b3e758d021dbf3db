/** @module A task's realized files → `EnvDocument`s: text extracted from each file of the split, never read from task.json. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type ArtifactEntry, inSplit, type Split } from "../core/index.ts";
import { ARTIFACTS_DIR, insideDir, type LoadedTask } from "../store/task-store.ts";
import { extractBytes, parseChat, parseEml } from "./extract/index.ts";
import type { EnvDocument } from "./types.ts";

/** The manifest entries a split loads, in manifest order. */
export function splitEntries(loaded: LoadedTask, split: Split): ArtifactEntry[] {
  return loaded.manifest.artifacts.filter((a) => inSplit(a, split));
}

/** Read and extract one artifact; metadata the file itself carries (email subject/sender, chat channel) wins over the manifest. */
export async function readArtifact(loaded: LoadedTask, entry: ArtifactEntry): Promise<EnvDocument> {
  const base = join(loaded.dir, ARTIFACTS_DIR);
  const file = insideDir(base, entry.path);
  let raw: Uint8Array;
  try {
    raw = new Uint8Array(await readFile(file));
  } catch (error) {
    throw new Error(
      `${join(base, "manifest.json")}: artifact ${entry.id} names "${entry.path}", which cannot be read (${(error as Error).message})`,
    );
  }
  let text: string;
  try {
    text = await extractBytes(raw, entry.format);
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
    text,
    author: entry.author,
    date: entry.date,
    format: entry.format,
    raw,
  };
  if (entry.format === "eml") {
    const mail = await parseEml(raw);
    doc.subject = mail.subject || entry.title;
    doc.author = mail.from || entry.author;
    doc.date = mail.date || entry.date;
  } else if (entry.format === "chat") {
    const chat = parseChat(new TextDecoder().decode(raw));
    doc.channel = chat.channels[0]?.display_name ?? entry.title;
  }
  return doc;
}

/** Every document of the split, read in parallel. */
export function readDocuments(loaded: LoadedTask, split: Split): Promise<EnvDocument[]> {
  return Promise.all(splitEntries(loaded, split).map((e) => readArtifact(loaded, e)));
}
