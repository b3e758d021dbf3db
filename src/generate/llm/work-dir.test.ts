import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { openWorkDir, workDirPath } from "./work-dir.ts";

const tmp = await mkdtemp(join(tmpdir(), "drflow-work-"));
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("generation work folder", () => {
  test("a finished stage is stored once and never produced again", async () => {
    const work = openWorkDir(workDirPath(tmp, "suite", "task_01"));
    let calls = 0;
    const produce = async () => ({ n: ++calls });
    expect(await work.stage("S2.contexts", z.object({ n: z.number() }), produce)).toEqual({ n: 1 });
    expect(await work.stage("S2.contexts", z.object({ n: z.number() }), produce)).toEqual({ n: 1 });
    expect(calls).toBe(1);
    expect(await readdir(work.dir)).toEqual(["S2.contexts.json"]);
  });

  test("a torn or stale file counts as unfinished", async () => {
    const work = openWorkDir(join(tmp, "w2"));
    await work.write("S3.distractors", { steps: "not a list" });
    expect(await work.read("S3.distractors", z.object({ steps: z.array(z.string()) }))).toBeNull();
    await writeFile(join(work.dir, "S4.personalized.json"), "{ truncated");
    expect(await work.read("S4.personalized", z.object({}))).toBeNull();
  });

  test("ids never become paths unchecked", () => {
    expect(() => workDirPath(tmp, "..", "x")).toThrow('suite "..": expected a safe id');
    expect(() => workDirPath(tmp, "s", "a/b")).toThrow('task "a/b": expected a safe id');
    expect(() => openWorkDir(tmp).has("../escape")).toThrow('work key "../escape"');
  });
});
