/** @module Cited sources as a judge may read them: the task's realized files (text extracted) and saved web pages; `reading/resolve.ts` maps citation keys to them. */
import type { ArtifactEntry } from "../core/index.ts";
import { extractText } from "../extract/index.ts";
import { artifactPath, type LoadedTask } from "../store/task-store.ts";
import { normalizeUrl, type WebPage } from "../web/types.ts";

export type SourceDocument = { id: string; title: string; app: string; path: string; text: string };

/** Reads a cited source by id; null when no such source exists in the task. */
export type SourceReader = (sourceId: string) => Promise<SourceDocument | null>;

/**
 * Source reader over a loaded task's manifest and the pages of its offline web store (read by URL); texts are
 * extracted once and kept.
 */
export function taskSources(loaded: LoadedTask, webPages: readonly WebPage[] = []): SourceReader {
  const byId = new Map<string, ArtifactEntry>(loaded.manifest.artifacts.map((a) => [a.id, a]));
  const pages = new Map(webPages.map((p) => [normalizeUrl(p.url), p]));
  const cache = new Map<string, Promise<SourceDocument | null>>();
  return (id) => {
    let hit = cache.get(id);
    const page = /^https?:\/\//i.test(id) ? pages.get(normalizeUrl(id)) : undefined;
    if (!hit && page)
      hit = Promise.resolve({ id: page.url, title: page.title, app: "web", path: page.url, text: page.text });
    if (!hit) {
      const entry = byId.get(id);
      hit = entry
        ? Promise.resolve()
            .then(() => extractText(artifactPath(loaded, entry), entry.format))
            .then((text) => ({
              id,
              title: entry.title,
              app: entry.app,
              path: entry.path,
              text,
            }))
        : Promise.resolve(null);
      cache.set(id, hit);
    }
    return hit;
  };
}
