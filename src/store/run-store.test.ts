import { afterEach, beforeEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describeBackends } from "../../test/support/backends.ts";
import type { MetricResult } from "../core/metric.ts";
import { Report } from "../core/report.ts";
import { type CallRecord, CallTotals, runUsage } from "../core/usage.ts";
import { MIGRATIONS } from "./migrations.ts";
import { OWNER } from "./owner.ts";
import { LATEST_RESULT } from "./run-order.ts";
import { RunStore } from "./run-store.ts";
import { callTotals, callTotalsBy } from "./usage-queries.ts";

// Each Postgres test creates a database and spawns a connection worker; a loaded machine takes seconds.
setDefaultTimeout(60_000);

/** The schema version a store records (SQLite: PRAGMA user_version; Postgres: its drflow_schema row). */
function schemaVersion(store: RunStore): number {
  return store.db.dialect === "sqlite"
    ? store.db.query<{ user_version: number }, []>("PRAGMA user_version").get()!.user_version
    : store.db
        .query<{ version: number }, []>("SELECT version FROM drflow_schema WHERE part = 'run store'")
        .get()!.version;
}

function setSchemaVersion(store: RunStore, version: number): void {
  if (store.db.dialect === "sqlite") store.db.exec(`PRAGMA user_version = ${version}`);
  else store.db.run("UPDATE drflow_schema SET version = ? WHERE part = 'run store'", [version]);
}

describeBackends("run store", (fresh, dialect) => {
  let location: string;
  let store: RunStore;
  beforeEach(async () => {
    location = await fresh();
    store = new RunStore(location);
  });
  afterEach(() => store.close());

  const T0 = "2026-01-01T00:00:00.000Z";
  const run = (id: string, extra: Record<string, unknown> = {}) =>
    store.saveRun({
      id,
      kind: "agent",
      status: "running",
      started_at: T0,
      task: "demo/healthcare_01",
      split: "original",
      agent: "drfa",
      model: "openai:gpt-4o",
      ...extra,
    });

  const call = (overrides: Partial<CallRecord>): CallRecord => ({
    run_id: "r1",
    stage: "plan",
    role: "agent",
    handle: "openai:gpt-4o",
    provider: "openai",
    model: "gpt-4o",
    kind: "chat",
    temperature: 0,
    seed: null,
    prompt_template: "J.4",
    request_key: "k",
    input_tokens: 100,
    output_tokens: 10,
    usage_source: "provider",
    cost_usd: 0.00035,
    latency_ms: 12,
    cached: false,
    attempt: 1,
    retries: 0,
    started_at: T0,
    error: null,
    ...overrides,
  });

  const metric = (name: MetricResult["metric"], value: number, judge = "lexical"): MetricResult => ({
    metric: name,
    value,
    scored: 4,
    unscored: 0,
    items: [{ id: "1", score: value, matched: "2", confidence: null, justification: "" }],
    judge: { judge, model: "", temperature: null, seed: null, prompt_hash: "", protocol: "lexical" },
    tokens: 0,
  });

  test("migrations set the schema version and reopening is idempotent", () => {
    run("r1");
    store.close();
    store = new RunStore(location);
    expect(schemaVersion(store)).toBe(MIGRATIONS.length);
    if (dialect === "sqlite")
      expect(store.db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()!.journal_mode).toBe(
        "wal",
      );
    expect(store.getRun("r1")?.agent).toBe("drfa");
  });

  test("a store from a newer drflow is refused with the location and versions", async () => {
    setSchemaVersion(store, MIGRATIONS.length + 1);
    store.close();
    expect(() => new RunStore(location)).toThrow(
      /run store .+: schema version \d+ is newer than this drflow/,
    );
    store = new RunStore(await fresh("other"));
  });

  test("three processes claiming the same runs at once: each run is claimed by exactly one", async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `race-${i}`);
    const child = join(import.meta.dir, "../../test/fixtures/store/claim-child.ts");
    const procs = [1, 2, 3].map(() => {
      const proc = Bun.spawn(["bun", child, location, ...ids], {
        stdin: "pipe",
        stdout: "pipe",
        stderr: "inherit",
      });
      const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
      let out = "";
      /** Read until a line equal to `marker`; the lines before it. */
      const until = async (marker: string) => {
        while (!out.includes(`${marker}\n`)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`claim child ended before "${marker}"`);
          out += value;
        }
        const lines = out
          .slice(0, out.indexOf(`${marker}\n`))
          .split("\n")
          .filter(Boolean);
        out = out.slice(out.indexOf(`${marker}\n`) + marker.length + 1);
        return lines;
      };
      return { proc, until };
    });
    await Promise.all(procs.map((p) => p.until("ready")));
    // All three start claiming together; each stays alive (its claims held) until all have answered.
    for (const { proc } of procs) proc.stdin.write("go\n");
    for (const { proc } of procs) proc.stdin.flush();
    const claims = await Promise.all(procs.map((p) => p.until("end")));
    for (const { proc } of procs) proc.stdin.end();
    expect(await Promise.all(procs.map((p) => p.proc.exited))).toEqual([0, 0, 0]);
    expect(claims.flat().sort()).toEqual([...ids].sort());
    expect(store.listRuns({ status: "running" })).toHaveLength(ids.length);
  });

  test("runs round-trip and filter by batch, agent, model, split and task", () => {
    run("r1", { batch: "b1", agent_options: { gf: false } });
    run("r2", { batch: "b1", agent: "basic" });
    run("r3", { batch: "b2", split: "mixed", task: "demo/finance_02" });
    store.finishRun("r1", { status: "done", finishedAt: "2026-01-01T00:01:00.000Z" });
    expect(store.getRun("r1")).toMatchObject({
      status: "done",
      agent_options: { gf: false },
      finished_at: "2026-01-01T00:01:00.000Z",
    });
    expect(store.listRuns({ batch: "b1" }).map((r) => r.id)).toEqual(["r1", "r2"]);
    expect(store.listRuns({ agent: "basic" }).map((r) => r.id)).toEqual(["r2"]);
    expect(store.listRuns({ split: "mixed" }).map((r) => r.id)).toEqual(["r3"]);
    expect(store.listRuns({ task: "demo/finance_02", model: "openai:gpt-4o" }).map((r) => r.id)).toEqual([
      "r3",
    ]);
    expect(() => store.finishRun("nope", { status: "failed", finishedAt: T0 })).toThrow('no run "nope"');
  });

  test("reports store their citations classified IN / DI / AD; traces round-trip", () => {
    run("r1");
    const report = Report.parse({
      task_id: "healthcare_01",
      personalized_workflow: [
        { item: 1, title: "a", task: "a", task_description: "", citations: ["s1", "s2"] },
        {
          item: 2,
          title: "b",
          task: "b",
          task_description: "",
          citations: ["healthcare_01_AD_1", "unknown-doc"],
        },
      ],
      condition_resolution: [
        { condition: "c", evidence: "e", resolution: "Resolved: x", resolved: true, citations: ["s1"] },
      ],
      references: [
        { key: "s1", source_id: "healthcare_01_IN_3" },
        { key: "s2", source_id: "healthcare_01_DI_1" },
      ],
    });
    const rows = store.saveReport("r1", report);
    expect(rows.map((r) => [r.section, r.step, r.source_id, r.source_role])).toEqual([
      ["personalized", "1", "healthcare_01_IN_3", "insight"],
      ["personalized", "1", "healthcare_01_DI_1", "distractor"],
      ["personalized", "2", "healthcare_01_AD_1", "adjacent"],
      ["personalized", "2", "unknown-doc", null],
      ["condition", "1", "healthcare_01_IN_3", "insight"],
    ]);
    store.saveReport("r1", report);
    expect(store.citations({ run: "r1" })).toHaveLength(5);
    expect(store.getReport("r1")).toEqual(report);
    store.saveTrace("r1", [{ type: "note", at: 1, message: "hi" }]);
    expect(store.getTrace("r1")).toEqual([{ type: "note", at: 1, message: "hi" }]);
    expect(store.getReport("r2")).toBeNull();
  });

  test("metric results keep their judge and join run fields; a re-judge by another judge is kept beside", () => {
    run("r1", { batch: "b" });
    run("r2", { batch: "b", agent: "basic" });
    store.saveMetrics("r1", [metric("f1", 0.5), metric("precision", 0.6)]);
    store.saveMetrics("r1", [metric("f1", 0.55)]);
    store.saveMetrics("r1", [metric("f1", 0.7, "llm")]);
    store.saveMetrics("r2", [metric("f1", 0.1)]);
    const f1 = store.metrics({ batch: "b", metric: "f1" });
    expect(f1.map((m) => [m.run_id, m.agent, m.result.value, m.result.judge.judge])).toEqual([
      ["r1", "drfa", 0.55, "lexical"],
      ["r1", "drfa", 0.7, "llm"],
      ["r2", "basic", 0.1, "lexical"],
    ]);
    expect(
      store.metrics({ agent: "drfa", evaluation: "lexical|lexical" }).map((m) => m.result.metric),
    ).toEqual(["f1", "precision"]);
  });

  test("latest_results holds each agent run's latest result per metric (and latest_sums their sums) through re-judging, status changes and deletes", () => {
    type Latest = {
      run_id: string;
      metric: string;
      value: number | null;
      not_applicable: number;
      status: string;
    };
    const rows = <T>(sql: string, row: (r: Record<string, unknown>) => T) =>
      store.db.query<Record<string, unknown>, []>(sql).all().map(row);
    const latestRow = (r: Record<string, unknown>) =>
      ({
        ...r,
        value: r.value === null ? null : Number(r.value),
        not_applicable: Number(r.not_applicable),
      }) as Latest;
    // The reference: the latest evaluation of each (run, metric) by its time, then id, straight from metric_results.
    const reference = () =>
      rows(
        `SELECT m.run_id, m.metric, m.value, m.not_applicable, r.batch, r.status, r.split FROM metric_results m
           JOIN runs r ON r.id = m.run_id WHERE r.kind = 'agent' AND ${LATEST_RESULT} ORDER BY m.run_id, m.metric`,
        latestRow,
      );
    // latest_sums (migration 11) is latest_results summed per group, whatever happened before.
    // COUNT and SUM may come back as bigints or strings, by driver: both sides compare as numbers.
    const countsAsNumbers = (r: Record<string, unknown>) => ({
      ...r,
      results: Number(r.results),
      valued: Number(r.valued),
      total: Number(r.total),
      na: Number(r.na),
    });
    const sums = () =>
      rows(
        "SELECT batch, split, task, status, metric, results, valued, total, na FROM latest_sums ORDER BY batch, split, task, status, metric",
        countsAsNumbers,
      );
    const summed = () =>
      rows(
        `SELECT COALESCE(batch, '') AS batch, COALESCE(split, '') AS split, task, status, metric, COUNT(*) AS results,
             COUNT(value) AS valued, COALESCE(SUM(value), 0) AS total, SUM(not_applicable) AS na FROM latest_results
           GROUP BY COALESCE(batch, ''), COALESCE(split, ''), task, status, metric ORDER BY 1, 2, 3, 4, 5`,
        countsAsNumbers,
      );
    const same = () => {
      expect(latest()).toEqual(reference());
      const got = sums();
      const want = summed();
      expect(got.map(({ total: _t, ...r }) => r)).toEqual(want.map(({ total: _t, ...r }) => r));
      for (const [i, r] of got.entries()) expect(r.total).toBeCloseTo(want[i]!.total, 12);
    };
    const latest = () =>
      rows(
        "SELECT run_id, metric, value, not_applicable, batch, status, split FROM latest_results ORDER BY run_id, metric",
        latestRow,
      );
    run("r1", { batch: "b" });
    run("r2", { batch: "b", split: null });
    store.saveRun({ id: "j1", kind: "judge", status: "done", started_at: T0 });
    store.saveMetrics("r1", [metric("f1", 0.5), metric("precision", 0.6)], {
      now: "2026-01-02T00:00:00.000Z",
    });
    store.saveMetrics("j1", [metric("f1", 0.9)]); // not an agent run: no row
    same();
    expect(latest().map((r) => [r.run_id, r.metric, r.value])).toEqual([
      ["r1", "f1", 0.5],
      ["r1", "precision", 0.6],
    ]);
    // A later evaluation by another judge is the latest; the same evaluation again replaces its row in place.
    store.saveMetrics("r1", [metric("f1", 0.7, "llm")], { now: "2026-01-03T00:00:00.000Z" });
    store.saveMetrics("r1", [metric("precision", 0.65)], { now: "2026-01-04T00:00:00.000Z" });
    // An older evaluation recorded late does not displace a newer one.
    store.saveMetrics("r1", [metric("f1", 0.1, "other")], { now: "2026-01-01T12:00:00.000Z" });
    store.saveMetrics("r2", [metric("f1", 0.2)]);
    same();
    expect(latest().map((r) => [r.run_id, r.metric, r.value])).toEqual([
      ["r1", "f1", 0.7],
      ["r1", "precision", 0.65],
      ["r2", "f1", 0.2],
    ]);
    // A run's status and columns follow it; its rows go with the evaluation that was latest, and with the run.
    store.finishRun("r2", { status: "failed", error: "boom", finishedAt: T0 });
    run("r1", { batch: "b2", status: "done" });
    same();
    expect(latest().find((r) => r.run_id === "r2")?.status).toBe("failed");
    store.db.run("DELETE FROM metric_results WHERE run_id = 'r1' AND metric = 'f1' AND judge = 'llm'");
    same();
    expect(latest().find((r) => r.run_id === "r1" && r.metric === "f1")?.value).toBe(0.5);
    store.db.run("DELETE FROM runs WHERE id = 'r2'");
    same();
    expect(latest().some((r) => r.run_id === "r2")).toBe(false);
  });

  test("usage rows grouped by role and stage sum to the totals", () => {
    run("r1", { batch: "b" });
    store.recordCall(call({}));
    store.recordCall(call({ stage: "write", input_tokens: 300, output_tokens: 40, cost_usd: 0.00115 }));
    store.recordCall(
      call({
        role: "judge",
        stage: "align",
        cached: true,
        input_tokens: 50,
        output_tokens: 5,
        cost_usd: 0.000175,
      }),
    );
    store.recordCall(call({ role: "judge", stage: "align", cost_usd: null, usage_source: "estimate" }));
    store.recordCall(call({ run_id: "other" }));
    const totals = callTotals(store.db, { run: "r1" });
    expect(totals).toMatchObject({
      calls: 4,
      cachedCalls: 1,
      listInputTokens: 550,
      listOutputTokens: 65,
      listUnpricedCalls: 1,
      estimatedCalls: 1,
    });
    expect(totals.listCostUsd).toBeCloseTo(0.00035 + 0.00115 + 0.000175, 12);
    const rows = callTotalsBy(store.db, { batch: "b" }, ["role", "stage"]);
    expect(rows.map((r) => `${r.role}/${r.stage}`).sort()).toEqual([
      "agent/plan",
      "agent/write",
      "judge/align",
    ]);
    expect(rows.reduce((s, r) => s + r.listInputTokens, 0)).toBe(totals.listInputTokens);
    expect(rows.reduce((s, r) => s + r.listCostUsd, 0)).toBeCloseTo(totals.listCostUsd, 12);
    expect(store.calls("r1")).toHaveLength(4);
    expect(store.calls("r1")[2]!.cached).toBe(true);
    // One shape, two sums: the store's SQL and `runUsage` over the same calls give the same run usage.
    const { listInputTokens, listOutputTokens, estimatedCalls, latencyMs, ...asRun } = totals;
    expect(CallTotals.parse(totals)).toEqual(totals);
    expect(asRun.inputTokens).toBe(500);
    expect({ ...asRun, costUsd: 0, listCostUsd: 0 }).toEqual({
      ...runUsage(store.calls("r1")),
      costUsd: 0,
      listCostUsd: 0,
    });
    expect(asRun.costUsd).toBeCloseTo(runUsage(store.calls("r1")).costUsd, 12);
    expect(asRun.listCostUsd).toBeCloseTo(runUsage(store.calls("r1")).listCostUsd, 12);
  });

  test("updating a run's status keeps its report and calls (upsert, not delete + insert)", () => {
    run("r1");
    store.saveReport("r1", Report.parse({ task_id: "healthcare_01", question: "q" }), T0);
    store.recordCall(call({}));
    run("r1", { status: "done", finished_at: T0 });
    expect(store.getRun("r1")?.status).toBe("done");
    expect(store.getReport("r1")?.task_id).toBe("healthcare_01");
    expect(store.calls("r1")).toHaveLength(1);
  });

  test("a running run whose process is gone is marked interrupted when a store opens; live ones stay running", () => {
    const dead = Bun.spawnSync(["true"]).pid;
    const now = new Date().toISOString();
    run("dead-pid", { owner: `${hostname()}:${dead}` });
    run("mine");
    run("other-host-fresh", { owner: "elsewhere:1" });
    run("other-host-stale", { owner: "elsewhere:2", started_at: T0 });
    // saveRun stamps a fresh heartbeat; age the stale one as if its process stopped beating long ago.
    store.db.run("UPDATE runs SET heartbeat_at = ? WHERE id = 'other-host-stale'", [T0]);
    const next = new RunStore(location);
    try {
      expect(next.interrupted.map((r) => r.id).sort()).toEqual(["dead-pid", "other-host-stale"]);
      expect(next.getRun("dead-pid")).toMatchObject({
        status: "interrupted",
        error: expect.stringContaining(`:${dead}`),
      });
      expect(next.getRun("mine")!.status).toBe("running");
      expect(next.getRun("other-host-fresh")!.status).toBe("running");
      expect(next.getRun("mine")!.heartbeat_at! >= now).toBe(true);
    } finally {
      next.close();
    }
  });

  test("claimRun: a new run is claimed, a done one is done, one running in a live process is busy, a dead one is taken over", () => {
    const input = { id: "c1", kind: "agent" as const, status: "running" as const, started_at: T0 };
    expect(store.claimRun(input)).toBe("claimed");
    expect(store.getRun("c1")!.owner).toBe(OWNER);
    // This process holds it: another claimant (another cell or process) waits.
    expect(store.claimRun(input)).toBe("busy");
    store.db.run("UPDATE runs SET owner = ? WHERE id = 'c1'", [
      `${hostname()}:${Bun.spawnSync(["true"]).pid}`,
    ]);
    expect(store.claimRun(input)).toBe("claimed");
    // Held by a live process on another host: busy until released (the queue knows its worker is gone).
    store.db.run("UPDATE runs SET owner = 'elsewhere:7', status = 'running' WHERE id = 'c1'");
    expect(store.claimRun(input)).toBe("busy");
    expect(store.releaseRun("c1", "its worker stopped")).toBe(true);
    expect(store.getRun("c1")).toMatchObject({
      status: "interrupted",
      error: "interrupted: its worker stopped",
    });
    expect(store.claimRun(input)).toBe("claimed");
    expect(store.releaseRun("c1", "mine")).toBe(false);
    store.finishRun("c1", { status: "done", finishedAt: T0 });
    expect(store.claimRun(input)).toBe("done");
    store.finishRun("c1", { status: "failed", error: "x", finishedAt: T0 });
    expect(store.claimRun(input)).toBe("claimed");
    expect(store.getRun("c1")).toMatchObject({ status: "running", error: null });
  });
});

test("four processes creating the same new SQLite stores at once all open them (each migration applied once)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "drflow-open-race-"));
  try {
    const child = join(import.meta.dir, "../../test/fixtures/store/open-child.ts");
    const procs = [1, 2, 3, 4].map(() =>
      Bun.spawn(["bun", child, dir, "40"], { stdin: "pipe", stdout: "pipe", stderr: "pipe" }),
    );
    await Bun.sleep(500); // all four loaded, waiting on stdin
    for (const proc of procs) proc.stdin.end();
    const results = await Promise.all(
      procs.map(async (proc) => ({
        code: await proc.exited,
        stderr: await new Response(proc.stderr).text(),
      })),
    );
    for (const { code, stderr } of results)
      expect({ code, stderr: stderr.split("\n")[0] }).toEqual({ code: 0, stderr: "" });
    const store = new RunStore(join(dir, "store-39.sqlite"));
    expect(store.db.query<{ user_version: number }, []>("PRAGMA user_version").get()!.user_version).toBe(
      MIGRATIONS.length,
    );
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
