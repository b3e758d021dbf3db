/** @module Atomic file writes: the content goes to a temporary beside the target, then a rename replaces the target in one step. */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

let counter = 0;

/** Write `data` to `path` atomically (temp file + rename), creating the parent folder; readers see the old file or the new one, never half of it. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
