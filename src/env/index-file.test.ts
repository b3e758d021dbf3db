/** Persisted indexes shared by processes: a dead builder's lock is taken over, an incomplete index is rebuilt, not used. */
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { hashingEmbedder } from "../retrieval/index.ts";
import { OWNER } from "../store/owner.ts";
import { loadTask } from "../store/task-store.ts";
import { withFileLock } from "./index-file.ts";
import { loadEnv } from "./load.ts";

const ROOT = join(import.meta.dir, "../../test/fixtures/env");
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "drflow-index-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function deadPid(): number {
  const proc = Bun.spawnSync(["true"]);
  return proc.pid;
}

const open = async (indexPath: string) =>
  loadEnv(await loadTask(ROOT, "mini/mini_01"), {
    split: "original",
    indexPath,
    embedder: hashingEmbedder(),
  });

test("a lock and build files left by a dead process are taken over and removed; the index builds", async () => {
  const indexPath = join(dir, "index.sqlite");
  writeFileSync(`${indexPath}.lock`, `${hostname()}:${deadPid()}`);
  writeFileSync(`${indexPath}.build-dead0001`, "half a build");
  writeFileSync(`${indexPath}.build-dead0001-wal`, "");
  const env = await open(indexPath);
  expect(await env.list()).toHaveLength(4);
  await env.close();
  expect(readdirSync(dir).filter((f) => f.includes(".lock") || f.includes(".build-"))).toEqual([]);
});

test("a live lock holder is waited for, not overrun", async () => {
  const path = join(dir, "x");
  const order: string[] = [];
  let release!: () => void;
  const first = withFileLock(path, async () => {
    order.push("first in");
    await new Promise<void>((r) => {
      release = r;
    });
    order.push("first out");
  });
  await Bun.sleep(20);
  expect(await Bun.file(`${path}.lock`).text()).toBe(OWNER);
  const second = withFileLock(path, async () => void order.push("second"));
  await Bun.sleep(150);
  expect(order).toEqual(["first in"]);
  release();
  await Promise.all([first, second]);
  expect(order).toEqual(["first in", "first out", "second"]);
  expect(existsSync(`${path}.lock`)).toBe(false);
});

test("an empty lock (its owner killed between creating it and writing its name) is taken over once old", async () => {
  // test/eval/processes.test.ts's kill -9 once landed there: the resumed eval waited on the empty lock for ever.
  const path = join(dir, "y");
  writeFileSync(`${path}.lock`, "");
  const old = new Date(Date.now() - 10_000);
  utimesSync(`${path}.lock`, old, old);
  let ran = false;
  await withFileLock(path, async () => {
    ran = true;
  });
  expect(ran).toBe(true);
  expect(existsSync(`${path}.lock`)).toBe(false);
});

test("an index missing documents (a build cut short) is rebuilt, never used", async () => {
  const indexPath = join(dir, "index.sqlite");
  await (await open(indexPath)).close();
  const db = new Database(indexPath);
  db.run("DELETE FROM documents WHERE rowid IN (SELECT rowid FROM documents LIMIT 2)");
  db.close();
  const env = await open(indexPath);
  expect(await env.list()).toHaveLength(4);
  await env.close();
});
