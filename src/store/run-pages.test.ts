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
    // A filter keeping few runs reads them through its own index and sorts them: the same order, page by page.
    for (const sort of ["task", "started", "tokens"])
      for (const dir of ["asc", "desc"] as const) {
        const order = { sort, dir };
        const all = runPage(store.db, { agent: "a1" }, { order }).rows.map((r) => r.id);
        expect(all).toHaveLength(3);
        const first = runPage(store.db, { agent: "a1" }, { order, limit: 2 });
        const second = runPage(store.db, { agent: "a1" }, { order, limit: 2, after: first.next! });
        expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(all);
        expect(second.next).toBeNull();
      }
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
    // The reference: every run's latest value in JS; valued runs by (value, id) in the direction, the others by id.
    const latest = new Map<string, number | null>();
    for (const m of store.metrics({ metric: "f1" }).sort((x, y) => x.evaluation.localeCompare(y.evaluation)))
      latest.set(m.run_id, m.result.value);
    for (const dir of ["asc", "desc"] as const)
      for (const filter of [{}, { batch: "odd" }]) {
        const sign = dir === "asc" ? 1 : -1;
        const runs = store
          .listRuns(filter)
          .map((r) => ({ id: r.id, v: latest.get(r.id) ?? null }))
          .sort((x, y) =>
            x.v === null || y.v === null
              ? (x.v === null ? 1 : 0) - (y.v === null ? 1 : 0) || sign * x.id.localeCompare(y.id)
              : sign * (x.v - y.v) || sign * x.id.localeCompare(y.id),
          )
          .map((r) => r.id);
        const order = { sort: "f1", dir };
        expect(runPage(store.db, filter, { order }).rows.map((r) => r.id)).toEqual(runs);
        // Page forward by `next` and back by `prev` (limits that make small filters score every match, large ones walk).
        for (const limit of [7, 10, 25]) {
          const pages: string[][] = [];
          let page = runPage(store.db, filter, { order, limit });
          pages.push(page.rows.map((r) => r.id));
          expect(page.prev).toBeNull();
          while (page.next) {
            page = runPage(store.db, filter, { order, limit, after: page.next });
            pages.push(page.rows.map((r) => r.id));
          }
          expect(pages.flat()).toEqual(runs);
          for (let i = pages.length - 2; i >= 0; i--) {
            page = runPage(store.db, filter, { order, limit, before: page.prev! });
            expect(page.rows.map((r) => r.id)).toEqual(pages[i]!);
          }
          expect(page.prev).toBeNull();
        }
      }
    store.close();
  });
});

describe("runPage cursors", () => {
  test("a later page stays the same while newer runs are added; cost puts unpriced runs last; a foreign cursor is refused", () => {
    const store = new RunStore(join(dir, "cursors.sqlite"));
    const add = (i: number) =>
      store.saveRun({
        id: `k-${String(i).padStart(3, "0")}`,
        kind: "agent",
        task: "s/t",
        split: "original",
        agent: "a",
        status: "done",
        started_at: `2026-01-01T00:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000Z`,
      });
    for (let i = 0; i < 30; i++) add(i);
    const first = runPage(store.db, {}, { limit: 10 });
    const second = runPage(store.db, {}, { limit: 10, after: first.next! });
    for (let i = 30; i < 45; i++) add(i);
    const again = runPage(store.db, {}, { limit: 10, after: first.next! });
    expect(again.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect(again.total).toBe(45);
    // Back from that page: the ten runs just before it (the first page as it was); newer ones come before those.
    const before = runPage(store.db, {}, { limit: 10, before: again.prev! });
    expect(before.rows.map((r) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `k-${String(29 - i).padStart(3, "0")}`),
    );
    expect(before.prev).not.toBeNull();
    expect(runPage(store.db, {}, { limit: 10 }).rows[0]!.id).toBe("k-044");

    const call = (run: string, tokens: number, cost: number | null) =>
      store.recordCall({
        run_id: run,
        stage: "report",
        role: "agent",
        handle: "compat:x#m",
        provider: "compat",
        model: "m",
        kind: "chat",
        temperature: 0,
        seed: null,
        prompt_template: "J.4",
        request_key: `k-${run}-${tokens}`,
        input_tokens: tokens,
        output_tokens: 1,
        usage_source: "provider",
        cost_usd: cost,
        latency_ms: 1,
        cached: false,
        attempt: 1,
        retries: 0,
        started_at: "2026-01-01T00:00:00.000Z",
        error: null,
      });
    call("k-001", 100, 0.5);
    call("k-002", 10, 0.9);
    call("k-002", 10, null);
    call("k-003", 50, 0.7);
    const cost = runPage(store.db, {}, { order: { sort: "cost", dir: "desc" } }).rows.map((r) => r.id);
    expect(cost.slice(0, 2)).toEqual(["k-003", "k-001"]);
    expect(cost.at(-1)).toBe("k-002");
    const tokens = runPage(store.db, {}, { order: { sort: "tokens", dir: "desc" }, limit: 3 }).rows;
    expect(tokens.map((r) => r.id)).toEqual(["k-001", "k-003", "k-002"]);
    expect(tokens[2]!.usage.listUnpricedCalls).toBe(1);

    expect(() => runPage(store.db, {}, { order: { sort: "task", dir: "asc" }, after: first.next! })).toThrow(
      /after: a cursor of the list sorted by started desc/,
    );
    expect(() => runPage(store.db, {}, { after: "nonsense" })).toThrow(/after: not a cursor/);
    store.close();
  });
});
