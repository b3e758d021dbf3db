/**
 * @module What an agent may see of a generated task's files, decided in one place before a task folder is written:
 * every artifact gets an opaque handle (`doc-<12 hex>`, from the task id, seed and file content), files whose names
 * collided are numbered in an order that depends on content only, and the manifest is listed in handle order. The
 * generators plan with working ids (`<task>_IN_<n>`) and never write them (issue 11: the environment carries no labels).
 */
import { createHash } from "node:crypto";
import { type ArtifactEntry, type ArtifactManifest, documentHandle, Task } from "../core/index.ts";
import { ARTIFACTS_DIR, type TaskFile } from "../store/task-store.ts";

export type TaskFolder = { task: Task; manifest: ArtifactManifest; files: TaskFile[] };

const sha = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

function bytesOf(files: readonly TaskFile[], path: string): Uint8Array | string {
  const file = files.find((f) => f.path === `${ARTIFACTS_DIR}/${path}`);
  if (!file) throw new Error(`artifact "${path}" is in the manifest but has no file`);
  return file.bytes;
}

/**
 * Paths a generator de-duplicated as `x.ext`, `x-2.ext`, `x-3.ext` in the order it planned them (insights first)
 * are dealt again in content-hash order, so a suffix says nothing about role. Returns old path → new path.
 */
export function neutralPaths(
  paths: readonly string[],
  contentHash: (path: string) => string,
): Map<string, string> {
  const present = new Set(paths);
  const groups = new Map<string, string[]>();
  for (const p of paths) {
    const m = /^(.*)-(\d+)(\.[^./]+)$/.exec(p);
    const base = m && present.has(`${m[1]}${m[3]}`) ? `${m[1]}${m[3]}` : p;
    groups.set(base, [...(groups.get(base) ?? []), p]);
  }
  const moves = new Map<string, string>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const names = [...members].sort((a, b) => suffixOf(a) - suffixOf(b));
    const byContent = [...members].sort(
      (a, b) => contentHash(a).localeCompare(contentHash(b)) || a.localeCompare(b),
    );
    byContent.forEach((p, i) => {
      if (p !== names[i]) moves.set(p, names[i]!);
    });
  }
  return moves;
}

function suffixOf(path: string): number {
  const m = /-(\d+)\.[^./]+$/.exec(path);
  return m ? Number(m[1]) : 1;
}

/** Replace every whole occurrence of each working id in `text` (ids are never a prefix of a longer id). */
function renameIds(text: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0) return text;
  const alternatives = [...renames.keys()]
    .sort((a, b) => b.length - a.length)
    .map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join("|")})(?![A-Za-z0-9_])`, "g");
  return text.replace(pattern, (id) => renames.get(id)!);
}

/**
 * The task folder as it is written: handles for ids (keyed by the suite's `secret` when given), content-ordered name
 * suffixes, manifest in handle order.
 */
export function sealTask(folder: TaskFolder, secret = ""): TaskFolder {
  const { task, manifest } = folder;
  const hashes = new Map(manifest.artifacts.map((a) => [a.path, sha(bytesOf(folder.files, a.path))]));
  const moves = neutralPaths(
    manifest.artifacts.map((a) => a.path),
    (p) => hashes.get(p)!,
  );
  const renames = new Map<string, string>();
  const taken = new Set<string>();
  const artifacts: ArtifactEntry[] = manifest.artifacts.map((a) => {
    let salt = 0;
    const bytes = bytesOf(folder.files, a.path);
    let handle = documentHandle(task.id, task.provenance.seed, bytes, 0, secret);
    while (taken.has(handle)) handle = documentHandle(task.id, task.provenance.seed, bytes, ++salt, secret);
    taken.add(handle);
    renames.set(a.id, handle);
    return { ...a, id: handle, path: moves.get(a.path) ?? a.path };
  });
  const prefix = `${ARTIFACTS_DIR}/`;
  const files = folder.files.map((f) => {
    const moved = f.path.startsWith(prefix) ? moves.get(f.path.slice(prefix.length)) : undefined;
    return moved ? { ...f, path: prefix + moved } : f;
  });
  return {
    task: Task.parse(JSON.parse(renameIds(JSON.stringify(task), renames))),
    manifest: { task_id: manifest.task_id, artifacts: artifacts.sort((a, b) => a.id.localeCompare(b.id)) },
    files,
  };
}
