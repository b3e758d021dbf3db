/**
 * The CLI on the shared store: with DRFLOW_DATABASE_URL, `drflow eval` writes its runs to PostgreSQL directly, a
 * second eval resumes from there, and what the studio and the usage report read equals the same eval on SQLite.
 */
import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startPostgres } from "../../scripts/services/postgres.ts";
import { batchSummary, taskCells } from "../../src/store/batch-summary.ts";
import { batchRows, facets, runPage } from "../../src/store/run-pages.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { runStoreLocation } from "../../src/store/shared.ts";
import { sideScores } from "../../src/store/side-scores.ts";
import { callTotals } from "../../src/store/usage-queries.ts";
import { captureCli } from "../support/cli.ts";
import { describePostgres } from "../support/postgres.ts";

setDefaultTimeout(300_000);

const REPO = resolve(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "drflow-shared-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EVAL = [
  "eval",
  "--suite",
  "demo",
  "--tasks",
  "healthcare_01,legal_01",
  "--agents",
  "extractive",
  "--split",
  "original,mixed",
  "--batch",
  "shared",
  "--root",
  join(REPO, "tasks"),
  "--index-dir",
  join(dir, "index"),
];

/** The list sorted by F1 three runs at a time, forward by `next` then back by `prev`. */
function pagesOf(store: RunStore): string[][] {
  const order = { sort: "f1", dir: "desc" } as const;
  const pages: string[][] = [];
  let page = runPage(store.db, {}, { order, limit: 3 });
  pages.push(page.rows.map((r) => r.id));
  while (page.next) {
    page = runPage(store.db, {}, { order, limit: 3, after: page.next });
    pages.push(page.rows.map((r) => r.id));
  }
  while (page.prev) {
    page = runPage(store.db, {}, { order, limit: 3, before: page.prev });
    pages.push(page.rows.map((r) => r.id));
  }
  return pages;
}

/** What a reader sees of a store, without the times and owners that differ between two evaluations. */
function view(store: RunStore) {
  const page = runPage(store.db, {}, { order: { sort: "f1", dir: "desc" } });
  return {
    runs: store.listRuns().map((r) => [r.id, r.status, r.task, r.split, r.agent, r.identity]),
    metrics: store.metrics().map((m) => [m.run_id, m.result.metric, m.result.value]),
    citations: store.citations().length,
    page: {
      total: page.total,
      rows: page.rows.map(({ started_at: _s, finished_at: _f, ...r }) => r),
    },
    batches: batchRows(store.db).rows.map(({ started_at: _s, ...b }) => ({
      ...b,
      agents: b.agents.split(",").sort(),
      splits: b.splits.split(",").sort(),
    })),
    byCost: runPage(store.db, {}, { order: { sort: "cost", dir: "desc" } }).rows.map((r) => r.id),
    // Cursor pages, the report search, the triage views and the SQL aggregates read the same in both dialects.
    pages: pagesOf(store),
    search: ["workflow", "HEALTHCARE_01", "zyxwvut"].map((q) =>
      runPage(store.db, { q }).rows.map((r) => r.id),
    ),
    outcomes: (["unscored", "not_applicable", "failed"] as const).map((outcome) =>
      runPage(store.db, { outcome }).rows.map((r) => r.id),
    ),
    grid: batchSummary(store.db, "shared").sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    cells: taskCells(store.db, "shared", "f1").sort((a, b) =>
      JSON.stringify(a).localeCompare(JSON.stringify(b)),
    ),
    sides: [false, true].map((bySplit) => {
      const s = sideScores(store.db, { batch: "shared", split: bySplit ? undefined : "mixed" }, bySplit);
      return {
        means: s.means.sort((a, b) => `${a.key}${a.metric}`.localeCompare(`${b.key}${b.metric}`)),
        runOf: [...s.runOf].sort(),
      };
    }),
    facets: facets(store.db),
    usage: callTotals(store.db),
  };
}

describePostgres("the CLI on a shared PostgreSQL store", (database) => {
  test("DRFLOW_DATABASE_URL: eval writes there and resumes from there; the studio reads what it reads on SQLite", async () => {
    const url = await database();
    const file = join(dir, "runs.sqlite");
    const saved = process.env.DRFLOW_DATABASE_URL;
    process.env.DRFLOW_DATABASE_URL = url;
    try {
      expect(runStoreLocation()).toBe(url);
      expect(runStoreLocation({ store: file })).toBe(file);
      const shared = await captureCli(EVAL);
      expect({ code: shared.code, err: shared.err.slice(-1500) }).toMatchObject({ code: 0 });
      // --store picks a file even with the database configured: the same grid on SQLite.
      const local = await captureCli([...EVAL, "--store", file]);
      expect(local.code).toBe(0);
      expect(local.out).toBe(shared.out);
      const again = await captureCli(EVAL);
      expect(again.err).toContain("0 cells ran, 4 read back");
    } finally {
      if (saved === undefined) delete process.env.DRFLOW_DATABASE_URL;
      else process.env.DRFLOW_DATABASE_URL = saved;
    }
    const onPostgres = new RunStore(url);
    const onSqlite = new RunStore(file);
    try {
      const seen = view(onPostgres);
      expect(seen.runs).toHaveLength(4);
      expect(seen.metrics).toHaveLength(4 * 7);
      expect(seen.search.map((ids) => ids.length)).toEqual([4, 2, 0]);
      expect(seen.pages.length).toBe(3);
      expect(seen.grid).toHaveLength(2);
      expect(seen.sides[1]!.means.length).toBeGreaterThan(0);
      expect(seen).toEqual(view(onSqlite));
    } finally {
      onPostgres.close();
      onSqlite.close();
    }
  });

  test("a server that goes away: each call fails at once naming the database and the statement; close returns", async () => {
    const server = await startPostgres();
    const store = new RunStore(server.url);
    store.saveRun({ id: "r1", kind: "agent", status: "running", started_at: new Date().toISOString() });
    await server.stop();
    const label = server.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(() => store.getRun("r1")).toThrow(
      new RegExp(`^PostgreSQL ${label}: .+ \\(while SELECT \\* FROM runs WHERE id = \\$1\\)$`),
    );
    expect(() =>
      store.claimRun({ id: "r2", kind: "agent", status: "running", started_at: "2026-01-01T00:00:00Z" }),
    ).toThrow(/^PostgreSQL .+ \(while BEGIN\)$/);
    store.close();
  });

  test("an unreachable database is a clear error naming it, not a hang", () => {
    expect(() => new RunStore("postgres://drflow:secret@127.0.0.1:1/drflow")).toThrow(
      /PostgreSQL postgres:\/\/drflow:\*\*\*@127\.0\.0\.1:1\/drflow: cannot connect: .+; is the server up and reachable\?/,
    );
  });
});
