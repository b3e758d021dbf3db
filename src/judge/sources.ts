/** @module Cited sources as a judge may read them: the task's realized files (text extracted), resolved through the report's references. */
import type { ArtifactEntry, Report } from "../core/index.ts";
import { extractText } from "../env/extract/index.ts";
import { ARTIFACTS_DIR, artifactFile, type LoadedTask } from "../store/task-store.ts";

export type SourceDocument = { id: string; title: string; app: string; path: string; text: string };

/** Reads a cited source by id; null when no such source exists in the task. */
export type SourceReader = (sourceId: string) => Promise<SourceDocument | null>;

/** Source reader over a loaded task's manifest; texts are extracted once and kept. */
export function taskSources(loaded: LoadedTask): SourceReader {
  const byId = new Map<string, ArtifactEntry>(loaded.manifest.artifacts.map((a) => [a.id, a]));
  const cache = new Map<string, Promise<SourceDocument | null>>();
  return (id) => {
    let hit = cache.get(id);
    if (!hit) {
      const entry = byId.get(id);
      hit = entry
        ? Promise.resolve()
            .then(() => extractText(artifactFile(`${loaded.dir}/${ARTIFACTS_DIR}`, entry.path), entry.format))
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

/** Source ids a list of citation keys names: through the reference map, or the key itself when it is a source id. */
export async function resolveCitations(
  keys: readonly string[],
  report: Report,
  sources: SourceReader,
): Promise<{ documents: SourceDocument[]; unresolved: string[] }> {
  const refs = new Map(report.references.map((r) => [r.key, r.source_id]));
  const documents: SourceDocument[] = [];
  const unresolved: string[] = [];
  for (const key of keys) {
    const id = refs.get(key) ?? key;
    const doc = await sources(id);
    if (doc && !documents.some((d) => d.id === doc.id)) documents.push(doc);
    else if (!doc) unresolved.push(key);
  }
  return { documents, unresolved };
}
