import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  emptyReview,
  loadPendingReview,
  parseTaskReviews,
  reviewDir,
  savePendingReview,
} from "./task-review.ts";

const tmp = await mkdtemp(join(tmpdir(), "drflow-task-review-"));
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("task reviews on disk", () => {
  test("saved and read back beside the task's stage outputs", async () => {
    const root = join(tmp, "a");
    expect(await loadPendingReview(root, "s", "t")).toBeNull();
    const review = { ...emptyReview("s", "t"), decision: "accepted" as const };
    await savePendingReview(root, review);
    expect(await loadPendingReview(root, "s", "t")).toEqual(review);
  });

  test("ids are safe ids and the work folder may not lead outside the suite", async () => {
    expect(() => reviewDir(tmp, "..", "t")).toThrow('suite "..": expected a safe id');
    expect(() => reviewDir(tmp, "s", "a/b")).toThrow('task "a/b": expected a safe id');
    const root = join(tmp, "b");
    mkdirSync(join(root, "s"), { recursive: true });
    mkdirSync(join(tmp, "elsewhere"));
    symlinkSync(join(tmp, "elsewhere"), join(root, "s", ".work"));
    await expect(savePendingReview(root, emptyReview("s", "t"))).rejects.toThrow(
      "s/t: the review folder resolves outside the suite",
    );
  });

  test("a review file is refused by file and JSON path", () => {
    expect(() => parseTaskReviews("[{", "r.json")).toThrow(/^r\.json: expected JSON/);
    expect(() =>
      parseTaskReviews(JSON.stringify([{ ...emptyReview("s", "t"), decision: "maybe" }]), "r.json"),
    ).toThrow(/^r\.json: \$\[0\]\.decision: /);
  });
});
