/** The server record the CLI reads to print studio links: live server on the same store only. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { announceServer, studioUrl } from "./announce.ts";

const dir = await mkdtemp(join(tmpdir(), "drflow-announce-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("studio links from the CLI", () => {
  test("a running server on the same store gives a URL; another store, a dead pid or no server give none", async () => {
    expect(studioUrl("/studio/runs", undefined, dir)).toBeNull();
    const remove = await announceServer("http://127.0.0.1:8787/", join(dir, "runs.sqlite"), dir);
    expect(studioUrl("/studio/batches/b1", join(dir, "runs.sqlite"), dir)).toBe(
      "http://127.0.0.1:8787/studio/batches/b1",
    );
    expect(studioUrl("/studio/notebooks/pareto", undefined, dir)).toBe(
      "http://127.0.0.1:8787/studio/notebooks/pareto",
    );
    expect(studioUrl("/studio/batches/b1", join(dir, "other.sqlite"), dir)).toBeNull();
    remove();
    expect(studioUrl("/studio/runs", undefined, dir)).toBeNull();
    // A record left by a process that is gone.
    await writeFile(
      join(dir, "server.json"),
      JSON.stringify({ url: "http://127.0.0.1:1/", pid: 2 ** 22 + 12345, store: "/x" }),
    );
    expect(studioUrl("/studio/runs", undefined, dir)).toBeNull();
    await writeFile(join(dir, "server.json"), "not json");
    expect(studioUrl("/studio/runs", undefined, dir)).toBeNull();
  });
});
