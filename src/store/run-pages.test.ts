import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../core/random.ts";
import { runPage } from "./run-pages.ts";
import { RunStore } from "./run-store.ts";

const dir = await mkdtemp(join(tmpdir(), "drflow-run-pages-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const judge = {
  judge: "lexical",
  model: "",
  temperature: null,
  seed: null,
  protocol: "lexical" as const,
  prompt_hash: "",
};
const result = (value: number | null) => ({
  metric: "f1" as const,
  value,
  scored: 1,
  unscored: value === null ? 1 : 0,
  items: [],
  judge,
  tokens: 0,
});

describe("runPage sorted by a column", () => {
  test("newest first, by task, by agent: the column's order, never a metric's (no metric is named like a column)", () => {
    const store = new RunStore(join(dir, "columns.sqlite"));
    for (let i = 0; i < 12; i++)
      store.saveRun({
        id: `c-${String((i * 7) % 12).padStart(2, "0")}`,
        kind: "agent",
        task: `s/t${i % 3}`,
        split: "original",
        agent: `a${i % 4}`,
        status: "done",
        started_at: `2026-01-01T00:00:${String(i).padStart(2, "0")}.000Z`,
      });
    const ids = (sort: string, dir: "asc" | "desc") =>
      runPage(store.db, {}, { order: { sort, dir }, limit: 12 }).rows;
    expect(ids("started", "desc").map((r) => r.started_at)).toEqual(
      [...ids("started", "desc").map((r) => r.started_at)].sort().reverse(),
    );
    expect(ids("started", "desc")[0]!.started_at).toBe("2026-01-01T00:00:11.000Z");
    expect(ids("task", "asc").map((r) => r.task)).toEqual([...ids("task", "asc").map((r) => r.task)].sort());
    expect(ids("agent", "desc")[0]!.agent).toBe("a3");
    store.close();
  });
});

describe("runPage sorted by a metric", () => {
  test("page by page, the same order as scoring every run: latest evaluation, ties by id, nulls and missing last", () => {
    const store = new RunStore(join(dir, "runs.sqlite"));
    const rand = seededRandom(11);
    for (let i = 0; i < 60; i++) {
      const id = `r-${String(i).padStart(2, "0")}`;
      store.saveRun({
        id,
        kind: "agent",
        batch: i % 2 ? "odd" : "even",
        task: "s/t",
        split: "original",
        agent: "a",
        status: "done",
        started_at: "2026-01-01T00:00:00.000Z",
      });
      if (i % 7 === 0) continue; // never judged
      // Values with ties; some runs judged twice, the later evaluation winning (a value replaced, or lost to null).
      store.saveMetrics(id, [result(Math.round(rand() * 5) / 5)], {
        evaluation: "first",
        now: "2026-01-01T00:00:01.000Z",
      });
      if (i % 5 === 0)
        store.saveMetrics(id, [result(i % 10 === 0 ? null : Math.round(rand() * 5) / 5)], {
          evaluation: "second",
          now: "2026-01-01T00:00:02.000Z",
        });
    }
    for (const dir of ["asc", "desc"] as const)
      for (const filter of [{}, { batch: "odd" }]) {
        const order = { sort: "f1", dir };
        // No limit: the correlated per-run order, the reference.
        const all = runPage(store.db, filter, { order }).rows.map((r) => r.id);
        for (const [limit, offset] of [
          [7, 0],
          [7, 21],
          [10, 40],
          [25, 30],
          [5, 200],
        ] as const) {
          const page = runPage(store.db, filter, { order, limit, offset }).rows.map((r) => r.id);
          expect(page).toEqual(all.slice(offset, offset + limit));
        }
      }
    store.close();
  });
});
