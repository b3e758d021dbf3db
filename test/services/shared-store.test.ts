import { afterEach, beforeEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Report } from "../../src/core/report.ts";
import { LlmCache } from "../../src/llm/cache.ts";
import { KeyParts } from "../../src/llm/cache-key.ts";
import type { CallRecord } from "../../src/llm/usage.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { copyRuns, openRunStore, SharedStore } from "../../src/store/shared.ts";
import { sqliteDb } from "../../src/store/sql.ts";
import { callTotals } from "../../src/store/usage-queries.ts";
import { describePostgres } from "../support/postgres.ts";

setDefaultTimeout(60_000);

const T0 = "2026-01-01T00:00:00.000Z";
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "drflow-shared-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const call = (runId: string, overrides: Partial<CallRecord> = {}): CallRecord => ({
  run_id: runId,
  stage: "plan",
  role: "agent",
  handle: "openai:gpt-4o",
  provider: "openai",
  model: "gpt-4o",
  kind: "chat",
  temperature: 0.5,
  seed: null,
  prompt_template: "J.4",
  request_key: "k",
  input_tokens: 100,
  output_tokens: 10,
  usage_source: "provider",
  cost_usd: 0.00035,
  latency_ms: 12.5,
  cached: false,
  attempt: 1,
  retries: 0,
  started_at: T0,
  error: null,
  ...overrides,
});

/** A store holding two finished runs with every kind of row a run has. */
function populated(path: string): RunStore {
  const store = new RunStore(path);
  for (const [id, batch] of [
    ["r1", "b1"],
    ["r2", "b2"],
  ] as const) {
    store.saveRun({
      id,
      kind: "agent",
      batch,
      status: "running",
      started_at: T0,
      task: "demo/healthcare_01",
      split: "original",
      agent: "drfa",
      agent_options: { gf: false },
      model: "openai:gpt-4o",
      repeat: 1,
      identity: `id-${id}`,
    });
    store.saveReport(
      id,
      Report.parse({
        task_id: "healthcare_01",
        personalized_workflow: [{ item: 1, title: "a", task: "a", task_description: "", citations: ["s1"] }],
        references: [{ key: "s1", source_id: "healthcare_01_IN_3" }],
      }),
      T0,
    );
    store.saveTrace(id, [{ type: "search", query: "ünïcode ✓" }], T0);
    store.recordCall(call(id));
    store.recordCall(call(id, { cached: true, cost_usd: null, usage_source: "estimate" }));
    store.saveMetrics(id, [
      {
        metric: "f1",
        value: 0.5,
        scored: 4,
        unscored: 0,
        items: [],
        judge: {
          judge: "lexical",
          model: "",
          temperature: null,
          seed: null,
          prompt_hash: "",
          protocol: "lexical",
        },
        tokens: 0,
      },
    ]);
    store.finishRun(id, { status: "done", finishedAt: T0 });
  }
  return store;
}

/** Everything a reader sees of a store. */
function view(store: RunStore) {
  return {
    runs: store.listRuns().map(({ owner: _o, heartbeat_at: _h, ...r }) => r),
    reports: store.listRuns().map((r) => store.getReport(r.id)),
    traces: store.listRuns().map((r) => store.getTrace(r.id)),
    calls: store.listRuns().map((r) => store.calls(r.id)),
    metrics: store.metrics(),
    citations: store.citations(),
    totals: callTotals(store.db),
  };
}

test("sqlite → sqlite: a copied store reads back identically, and copying again changes nothing", async () => {
  const a = populated(join(dir, "a.sqlite"));
  const b = new RunStore(join(dir, "b.sqlite"));
  expect(await copyRuns(sqliteDb(a.db), sqliteDb(b.db))).toBe(2);
  await copyRuns(sqliteDb(a.db), sqliteDb(b.db));
  expect(view(b)).toEqual(view(a));
  a.close();
  b.close();
});

describePostgres("shared store on a real PostgreSQL", (database) => {
  test("runs with reports, traces, calls, metrics and citations round-trip through Postgres unchanged", async () => {
    const shared = await SharedStore.open(await database());
    const local = populated(join(dir, "local.sqlite"));
    expect(await shared.push(local)).toBe(2);
    expect(await shared.push(local)).toBe(2); // idempotent: replaces, never duplicates
    const mirror = new RunStore(join(dir, "mirror.sqlite"));
    expect(await shared.pull(mirror)).toBe(2);
    expect(view(mirror)).toEqual(view(local));
    const counts = await shared.db.all<{ n: number }>("SELECT COUNT(*)::int AS n FROM llm_calls");
    expect(counts[0]!.n).toBe(4);
    // A filter selects what moves.
    const one = new RunStore(join(dir, "one.sqlite"));
    expect(await shared.pull(one, { batch: "b2" })).toBe(1);
    expect(one.listRuns().map((r) => r.id)).toEqual(["r2"]);
    for (const s of [local, mirror, one]) s.close();
    await shared.close();
  });

  test("two machines' pushes merge; a reader with DRFLOW_DATABASE_URL sees both", async () => {
    const url = await database();
    const shared = await SharedStore.open(url);
    const a = new RunStore(join(dir, "a.sqlite"));
    a.saveRun({ id: "from-a", kind: "agent", status: "done", started_at: T0, finished_at: T0 });
    const b = new RunStore(join(dir, "b.sqlite"));
    b.saveRun({ id: "from-b", kind: "agent", status: "failed", started_at: T0, error: "boom" });
    await Promise.all([shared.push(a), shared.push(b)]);
    const reader = await openRunStore(join(dir, "state/runs.sqlite"), url);
    expect(reader.listRuns().map((r) => [r.id, r.status, r.error])).toEqual([
      ["from-a", "done", null],
      ["from-b", "failed", "boom"],
    ]);
    expect(reader.path).toContain(join(dir, "state", "shared-"));
    for (const s of [a, b, reader]) s.close();
    await shared.close();
  });

  test("migrations: concurrent openers agree; a database newer than the code is refused", async () => {
    const url = await database();
    const stores = await Promise.all([1, 2, 3].map(() => SharedStore.open(url)));
    await stores[0]!.db.run("UPDATE drflow_schema SET version = 99 WHERE part = 'runs'");
    await expect(SharedStore.open(url)).rejects.toThrow(/schema version 99 is newer/);
    await Promise.all(stores.map((s) => s.close()));
  });

  test("cache entries are shared: one machine's answers are hits on another", async () => {
    const shared = await SharedStore.open(await database());
    const a = new LlmCache(join(dir, "a-cache.sqlite"));
    const parts = KeyParts.parse({
      provider: "openai",
      base_url: "https://api.openai.com/v1",
      model: "gpt-4o",
      kind: "chat",
      messages: [{ role: "user", content: "hello" }],
      parameters: {},
      schema: null,
      tools: null,
      repeat: 0,
    });
    const key = a.put(parts, "openai:gpt-4o", {
      text: "hi",
      embeddings: null,
      input_tokens: 3,
      output_tokens: 1,
      usage_source: "provider",
      cost_usd: 0.001,
    });
    expect(await shared.pushCache(a)).toBe(1);
    expect(await shared.pushCache(a)).toBe(1);
    const b = new LlmCache(join(dir, "b-cache.sqlite"));
    expect(b.get(key)).toBeNull();
    await shared.pullCache(b);
    expect(b.get(key)).toEqual(a.get(key));
    a.close();
    b.close();
    await shared.close();
  });
});
