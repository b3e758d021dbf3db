import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { createModel } from "../../src/llm/model.ts";
import type { Usage } from "../../src/llm/types.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { callTotals, callTotalsBy } from "../../src/store/usage-queries.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

let server: ScriptedServer;
let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "drflow-runs-"));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const handle = () => `compat:${server.url}#test-model`;
const prices = () => ({
  as_of: "test",
  reference: { handle: "paper:x", input_per_1m: 1, output_per_1m: 1, source: "test" },
  models: { [handle()]: { input_per_1m: 0.948, output_per_1m: 14.01, roles: [] } },
});

/** A small run: a structured call that needs one repair, two chats by two roles, an embedding. */
async function runOnce(store: RunStore, runId: string): Promise<Usage[]> {
  store.saveRun({
    id: runId,
    kind: "agent",
    status: "running",
    started_at: "2026-01-01T00:00:00Z",
    batch: "b1",
    agent: "drfa",
    model: handle(),
  });
  const model = createModel(handle(), {
    cache: join(dir, "cache.sqlite"),
    usage: store,
    env: {},
    prices: prices(),
  });
  const usages: Usage[] = [];
  const ctx = (stage: string, role: "agent" | "judge") => ({ runId, stage, role, promptTemplate: "J.4" });
  const obj = await model.generateObject({
    messages: [{ role: "user", content: "plan" }],
    schema: z.object({ steps: z.array(z.string()).min(1) }),
    schemaName: "Plan",
    context: ctx("research_planning", "agent"),
  });
  usages.push(obj.usage);
  usages.push(
    (
      await model.chat({
        messages: [{ role: "user", content: "write" }],
        temperature: 0.2,
        seed: 1,
        context: ctx("report", "agent"),
      })
    ).usage,
  );
  usages.push(
    (
      await model.chat({
        messages: [{ role: "user", content: "judge" }],
        temperature: 0,
        context: ctx("alignment", "judge"),
      })
    ).usage,
  );
  await model.embed(["a", "b", "c"], { runId, stage: "index", role: "embedder" });
  store.finishRun(runId, { status: "done", finishedAt: "2026-01-01T00:01:00Z" });
  return usages;
}

test("usage rows sum to the run's totals, and a second identical run asks only what was rejected, reporting the same numbers", async () => {
  server = await startScriptedServer({
    reply: (req, i) => {
      const body = req.body as { messages?: { content: string }[]; response_format?: unknown };
      if (req.path.endsWith("/embeddings")) return { usage: { prompt_tokens: 9, completion_tokens: 0 } };
      const last = body.messages?.at(-1)?.content ?? "";
      if (last.includes("Your answer was rejected"))
        return { content: '{"steps": ["a"]}', usage: { prompt_tokens: 520, completion_tokens: 25 } };
      if (body.response_format)
        return { content: '{"steps": []}', usage: { prompt_tokens: 400, completion_tokens: 20 } };
      return { content: `reply ${i}`, usage: { prompt_tokens: 1000 + i, completion_tokens: 100 } };
    },
  });
  const store = new RunStore(join(dir, "runs.sqlite"));
  const first = await runOnce(store, "run-a");
  const httpAfterFirst = server.requests.length;
  expect(httpAfterFirst).toBe(5);

  const totals = callTotals(store.db, { run: "run-a" });
  const byRoleStage = callTotalsBy(store.db, { run: "run-a" }, ["role", "stage"]);
  const callerInput = first.reduce((s, u) => s + u.inputTokens, 0) + 9;
  expect(totals.calls).toBe(5);
  expect(totals.listInputTokens).toBe(callerInput);
  expect(byRoleStage.reduce((s, r) => s + r.listInputTokens, 0)).toBe(totals.listInputTokens);
  expect(byRoleStage.reduce((s, r) => s + r.listOutputTokens, 0)).toBe(totals.listOutputTokens);
  expect(byRoleStage.reduce((s, r) => s + r.listCostUsd, 0)).toBeCloseTo(totals.listCostUsd, 12);
  expect(totals.listCostUsd).toBeCloseTo(
    (totals.listInputTokens * 0.948 + totals.listOutputTokens * 14.01) / 1e6,
    12,
  );
  const planning = byRoleStage.find((r) => r.stage === "research_planning")!;
  expect(planning).toMatchObject({ role: "agent", calls: 2, listInputTokens: 920, listOutputTokens: 45 });
  const calls = store.calls("run-a");
  expect(calls.map((c) => c.attempt)).toEqual([1, 2, 1, 1, 1]);
  expect(calls[2]).toMatchObject({
    temperature: 0.2,
    seed: 1,
    prompt_template: "J.4",
    model: "test-model",
    provider: "compat",
  });

  const second = await runOnce(store, "run-b");
  // The rejected first attempt was never cached as good: the re-run asks it again; everything else is a cache hit.
  expect(server.requests.length).toBe(httpAfterFirst + 1);
  const again = callTotals(store.db, { run: "run-b" });
  expect(again).toMatchObject({
    calls: 5,
    cachedCalls: 4,
    listInputTokens: totals.listInputTokens,
    listOutputTokens: totals.listOutputTokens,
  });
  expect(again.listCostUsd).toBe(totals.listCostUsd);
  expect(second.map((u) => [u.inputTokens, u.outputTokens, u.costUsd])).toEqual(
    first.map((u) => [u.inputTokens, u.outputTokens, u.costUsd]),
  );
  expect(callTotals(store.db, { batch: "b1" }).calls).toBe(10);
  store.close();
});

test("a crash mid-run leaves the store readable with the finished calls recorded", async () => {
  let release: () => void = () => {};
  const hang = new Promise<void>((resolve) => {
    release = resolve;
  });
  server = await startScriptedServer({
    reply: async (_req, i) => {
      if (i === 3) await hang;
      return { content: `answer ${i}`, usage: { prompt_tokens: 10, completion_tokens: 2 } };
    },
  });
  const storePath = join(dir, "runs.sqlite");
  const child = Bun.spawn(
    [
      "bun",
      join(import.meta.dir, "fixtures/crash-child.ts"),
      storePath,
      join(dir, "cache.sqlite"),
      server.url,
    ],
    {
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  for (let waited = 0; server.requests.length < 4; waited += 20) {
    if (waited > 30_000)
      throw new Error(
        `child made ${server.requests.length} requests; stderr: ${await new Response(child.stderr).text()}`,
      );
    await Bun.sleep(20);
  }
  child.kill("SIGKILL");
  expect(await child.exited).not.toBe(0);
  release();

  const store = new RunStore(storePath);
  expect(
    store.db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()!.integrity_check,
  ).toBe("ok");
  // The next start finds the killed process's run and marks it interrupted (it was left `running`).
  expect(store.getRun("crash-run")).toMatchObject({ status: "interrupted" });
  expect(store.interrupted.map((r) => r.id)).toEqual(["crash-run"]);
  expect(store.calls("crash-run").map((c) => c.stage)).toEqual(["s0", "s1", "s2"]);
  expect(callTotals(store.db, { run: "crash-run" })).toMatchObject({
    calls: 3,
    listInputTokens: 30,
    listOutputTokens: 6,
  });
  store.close();
});
