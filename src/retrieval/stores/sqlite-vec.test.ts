import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sqliteVecStore } from "./sqlite-vec.ts";

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a small 4,096-dimension store stays small on disk and finds the nearest vector", async () => {
  dir = mkdtempSync(join(tmpdir(), "drflow-vec-"));
  const path = join(dir, "index.sqlite");
  const db = new Database(path);
  const store = sqliteVecStore(db, "chunks");
  const unit = (i: number) => Array.from({ length: 4096 }, (_, j) => (j === i ? 1 : j === 0 ? 0.5 : 0));
  await store.upsert(
    Array.from({ length: 20 }, (_, i) => ({ id: `c${i + 1}`, vector: unit(i + 1), metadata: {} })),
  );
  const [nearest] = await store.query(unit(7), 1);
  expect(nearest?.id).toBe("c7");
  await store.close();
  db.close();
  // 20 vectors × 16 KiB ≈ 0.3 MB of data; vec0's default chunk of 1,024 vectors would preallocate ~16 MB.
  expect(statSync(path).size).toBeLessThan(3 * 1024 * 1024);
});
