/** @module From a report's reference to the artifact it names: by id, else by path, else by exact title (opaque ids still resolve by path or title). */
import type { ArtifactEntry, Reference } from "../core/index.ts";
import type { LoadedTask } from "../store/task-store.ts";

export function resolveReference(
  loaded: LoadedTask,
  ref: Pick<Reference, "source_id" | "path" | "title">,
): ArtifactEntry | null {
  const entries = loaded.manifest.artifacts;
  return (
    entries.find((e) => e.id === ref.source_id) ??
    (ref.path ? entries.find((e) => e.path === ref.path || ref.path.endsWith(`/${e.path}`)) : undefined) ??
    (ref.title ? entries.find((e) => e.title === ref.title) : undefined) ??
    null
  );
}

/** The artifact a tool result's source id names (trace events carry environment document ids). */
export function resolveSourceId(loaded: LoadedTask, id: string): ArtifactEntry | null {
  return loaded.manifest.artifacts.find((e) => e.id === id) ?? null;
}
