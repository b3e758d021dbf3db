/**
 * @module Persisted environment indexes shared by processes: a cross-process lock file, and builds into a temporary
 * file that is renamed over the index only once complete (fingerprint and document count recorded last). A reader
 * therefore sees the old index or the new one, never a half-built one, and two `drflow eval` processes on one
 * index folder never write the same SQLite file.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Embedder, VectorStore } from "../retrieval/index.ts";
import { HybridIndex } from "../retrieval/index.ts";
import { deadOwner, OWNER } from "../store/owner.ts";

/** How often a waiter looks at the lock again. */
const LOCK_POLL_MS = 50;
/** How long an empty lock file (created, its owner not yet written) is taken for a live owner's. */
const EMPTY_LOCK_GRACE_MS = 2_000;

/**
 * Hold `<path>.lock` (created with O_EXCL, holding `<host>:<pid>`) while `fn` runs. A lock whose owner died (dead
 * pid here, or untouched for `STALE_AFTER_MS`) is taken over; a live owner — another process or another cell of
 * this one — is waited for.
 */
export async function withFileLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  for (;;) {
    try {
      writeFileSync(lock, OWNER, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: string;
      let since: Date;
      try {
        owner = readFileSync(lock, "utf8");
        since = statSync(lock).mtime;
      } catch {
        continue; // released between the attempt and the look
      }
      // An empty lock is one whose owner died between creating the file and writing its name (a kill -9 there):
      // stale once older than a write could take.
      const stale = owner
        ? deadOwner({ owner, heartbeat_at: since.toISOString(), started_at: "" }, new Date())
        : Date.now() - since.getTime() > EMPTY_LOCK_GRACE_MS;
      if (stale) {
        rmSync(lock, { force: true });
        continue;
      }
      await Bun.sleep(LOCK_POLL_MS);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Meta keys a complete index carries (written last, after every document). */
const FINGERPRINT = "fingerprint";
const DOCUMENTS = "documents";

function documentCount(index: HybridIndex): number {
  try {
    return (index.db.query("SELECT count(*) AS n FROM documents").get() as { n: number }).n;
  } catch {
    return -1; // no documents table: never filled
  }
}

/** Whether an open index is the complete build of `fingerprint`: same fingerprint, every recorded document present. */
export function isComplete(index: HybridIndex, fingerprint: string): boolean {
  return (
    index.getMeta(FINGERPRINT) === fingerprint && String(documentCount(index)) === index.getMeta(DOCUMENTS)
  );
}

export type IndexFileOptions = { embedder: Embedder; vectors?: VectorStore };

async function openIfComplete(
  path: string,
  fingerprint: string,
  options: IndexFileOptions,
): Promise<HybridIndex | null> {
  try {
    statSync(path);
  } catch {
    return null;
  }
  const index = await HybridIndex.open({ path, ...options });
  if (isComplete(index, fingerprint)) return index;
  await index.close();
  return null;
}

/**
 * Open the index at `path` if it is the complete build of `fingerprint`; otherwise, under the lock, `build` into a
 * temporary file beside it, record fingerprint and document count, and rename it into place. Throws if even the
 * fresh index does not verify.
 */
export async function openPersistedIndex(
  path: string,
  fingerprint: string,
  options: IndexFileOptions,
  build: (index: HybridIndex) => Promise<void>,
): Promise<HybridIndex> {
  const ready = await openIfComplete(path, fingerprint, options);
  if (ready) return ready;
  await withFileLock(path, async () => {
    // Another process (or cell) may have built it while this one waited for the lock.
    const built = await openIfComplete(path, fingerprint, options);
    if (built) return built.close();
    // Build files left beside it are from a builder that died holding the lock (this one holds it now).
    const prefix = `${basename(path)}.build-`;
    for (const f of readdirSync(dirname(path)).filter((n) => n.startsWith(prefix)))
      rmSync(join(dirname(path), f), { force: true });
    const tmp = `${path}.build-${randomUUID().slice(0, 8)}`;
    const index = await HybridIndex.open({ path: tmp, ...options });
    try {
      await build(index);
      index.setMeta(DOCUMENTS, String(documentCount(index)));
      index.setMeta(FINGERPRINT, fingerprint);
      index.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (error) {
      await index.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(tmp + suffix, { force: true });
      throw error;
    }
    await index.close();
    renameSync(tmp, path);
  });
  const index = await HybridIndex.open({ path, ...options });
  if (!isComplete(index, fingerprint)) {
    await index.close();
    throw new Error(
      `environment index ${path}: incomplete after building (fingerprint or document count differ)`,
    );
  }
  return index;
}
