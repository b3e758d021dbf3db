import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "./atomic-write.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe("writeFileAtomic", () => {
  test("creates the parent folder, replaces an existing file and leaves no temporary", async () => {
    const dir = await mkdtemp(join(tmpdir(), "drflow-atomic-"));
    dirs.push(dir);
    const path = join(dir, "a", "b", "out.txt");
    await writeFileAtomic(path, "first");
    await writeFileAtomic(path, new TextEncoder().encode("second"));
    expect(await readFile(path, "utf8")).toBe("second");
    expect(await readdir(join(dir, "a", "b"))).toEqual(["out.txt"]);
  });

  test("concurrent writes to one path each land whole", async () => {
    const dir = await mkdtemp(join(tmpdir(), "drflow-atomic-"));
    dirs.push(dir);
    const path = join(dir, "out.txt");
    const texts = Array.from({ length: 8 }, (_, i) => String(i).repeat(10_000));
    await Promise.all(texts.map((t) => writeFileAtomic(path, t)));
    expect(texts).toContain(await readFile(path, "utf8"));
    expect(await readdir(dir)).toEqual(["out.txt"]);
  });
});
