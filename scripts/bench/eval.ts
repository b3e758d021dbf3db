/**
 * @module Benchmark: wall time of a full demo-suite evaluation with a scripted model that adds 200 ms per call, and the
 * share of that time spent outside model calls (environment loading, retrieval, agent logic, judging, the run store).
 *
 *   bun scripts/bench/eval.ts [--agent basic] [--delay 200] [--concurrency 1] [--splits original,mixed] [--root tasks]
 *                             [--index-dir .drflow/env]
 *
 * The LLM agent answers from the scripted OpenAI-compatible server (`test/support/scripted-server.ts`) with the
 * agent test fixtures (`test/agents/support/scripted-agent.ts`); the judge is the lexical one; the cache is off so
 * every call really goes over HTTP. Environments are built in memory per cell, as `drflow eval --no-index` does, unless
 * `--index-dir` names where to keep them (`defaultServices`' indexDir): a first run builds each task × split index
 * there, later runs reuse them. Each cell of this grid is a distinct task × split, so one run never reuses one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { agentFromSpec } from "../../src/agents/index.ts";
import { Split } from "../../src/core/index.ts";
import { parseList } from "../../src/eval/agent-list.ts";
import { evaluateSuite } from "../../src/eval/evaluate-suite.ts";
import { defaultServices, LEXICAL } from "../../src/eval/services.ts";
import { formatSummaryTable } from "../../src/eval/table.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { listTasks } from "../../src/store/task-store.ts";
import { agentReplies } from "../../test/agents/support/scripted-agent.ts";
import { startScriptedServer } from "../../test/support/scripted-server.ts";

const { values } = parseArgs({
  options: {
    agent: { type: "string", default: "basic" },
    delay: { type: "string", default: "200" },
    concurrency: { type: "string", default: "1" },
    splits: { type: "string", default: "original,mixed" },
    root: { type: "string", default: "tasks" },
    suite: { type: "string", default: "demo" },
    "index-dir": { type: "string" },
  },
});
const delayMs = Number(values.delay);
const concurrency = Number(values.concurrency);
const splits = parseList(values.splits!).map((s) => Split.parse(s));
const replies = agentReplies();
const server = await startScriptedServer({ reply: (req, i) => ({ ...replies(req, i), delayMs }) });
const dir = mkdtempSync(join(tmpdir(), "drflow-bench-eval-"));
const store = new RunStore(join(dir, "runs.sqlite"));
try {
  const handle = `compat:${server.url}#scripted-model`;
  const services = defaultServices({
    root: values.root,
    store,
    judge: LEXICAL,
    modelOptions: { cache: null, env: {} },
    indexDir: values["index-dir"],
  });
  const tasks = (await listTasks(values.root!, values.suite)).map((t) => t.ref);
  if (tasks.length === 0)
    throw new Error(`no tasks in ${values.root}/${values.suite}: generate the demo suite first`);
  const agent = agentFromSpec(values.agent!);
  // Time spent in each outside-the-model phase, summed over cells.
  const phases = { loadEnv: 0, judge: 0 };
  const timed =
    <A extends unknown[], R>(key: keyof typeof phases, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const t0 = performance.now();
      try {
        return await fn(...args);
      } finally {
        phases[key] += performance.now() - t0;
      }
    };
  const started = performance.now();
  const out = await evaluateSuite({
    batch: "bench",
    tasks,
    splits,
    agents: [{ spec: values.agent!, agent }],
    models: [handle],
    repeats: 1,
    concurrency,
    store,
    ...services,
    openEnv: timed("loadEnv", services.openEnv),
    score: timed("judge", services.score),
  });
  const wallMs = performance.now() - started;
  const calls = out.results.flatMap((r) => store.calls(r.runId));
  const modelMs = calls.reduce((a, c) => a + c.latency_ms, 0);
  const failed = out.results.filter((r) => r.status === "failed");
  // With N cells in flight, model time overlaps: N × wall is the time budget the calls share.
  const outside = Math.max(0, 1 - modelMs / (wallMs * concurrency));
  console.log(formatSummaryTable(out.summary));
  console.log(
    [
      "",
      `agent ${values.agent} on ${values.suite} (${tasks.length} tasks × ${splits.join("+")} = ${out.results.length} cells, concurrency ${concurrency}), scripted model +${delayMs} ms/call, lexical judge, env ${values["index-dir"] ? `indexes kept in ${values["index-dir"]}` : "built in memory per cell"}`,
      `wall time                 ${(wallMs / 1000).toFixed(2)} s`,
      `model calls               ${calls.length} (${(calls.length / out.results.length).toFixed(1)} per cell), ${(modelMs / 1000).toFixed(2)} s in calls`,
      `share outside model calls ${(outside * 100).toFixed(1)} %`,
      `per cell                  ${(wallMs / out.results.length / 1000).toFixed(2)} s wall, ${((wallMs * concurrency - modelMs) / out.results.length / 1000).toFixed(2)} s outside calls`,
      `outside calls, summed     load env ${(phases.loadEnv / 1000).toFixed(2)} s · lexical judge ${(phases.judge / 1000).toFixed(2)} s · agent logic and run store ${((wallMs * concurrency - modelMs - phases.loadEnv - phases.judge) / 1000).toFixed(2)} s`,
      ...(failed.length > 0 ? [`FAILED cells: ${failed.length} (first: ${failed[0]!.error})`] : []),
    ].join("\n"),
  );
} finally {
  store.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
