/**
 * @module Benchmark: wall time of a demo-suite evaluation with a scripted model that adds 200 ms per call, and the
 * share of that time spent outside model calls (environment loading, retrieval, agent logic, judging, the run store).
 *
 * The LLM agent answers from the scripted OpenAI-compatible server (`test/support/scripted-server.ts`) with the
 * agent test fixtures (`test/agents/support/scripted-agent.ts`), run on a thread of its own as a real model runs
 * elsewhere (`support/scripted-model-thread.ts`); the judge is the lexical one; the cache is off so every call really
 * goes over HTTP. Environments are built in memory, as `drflow eval --no-index` does, unless
 * `--index-dir` names where to keep them; an LLM agent's index embeds with the offline hashing embedder (as when the
 * issue's figures were taken) unless `--embedder` names another (`scripted` = the scripted server's embeddings).
 *
 * "Outside model calls": with N cells in flight, N × wall is the time budget the calls share; the share is
 * 1 − Σ call latency / (N × wall), call latency as the model layer records it (request sent → reply parsed and
 * validated). The strict share counts only the model's own time (calls × --delay) as inside: HTTP, parsing and any
 * wait for the event loop count as outside. Scores are compared by a digest over every cell's metrics with the
 * reference run (unpipelined, concurrency 1), which must be identical.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentFromSpec } from "../../src/agents/index.ts";
import { Split } from "../../src/core/index.ts";
import { textTable } from "../../src/core/text-table.ts";
import { parseList } from "../../src/eval/agent-list.ts";
import { type EvaluateSuiteOptions, evaluateSuite } from "../../src/eval/evaluate-suite.ts";
import { defaultServices, LEXICAL } from "../../src/eval/services.ts";
import { formatSummaryTable } from "../../src/eval/table.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { listTasks } from "../../src/store/task-store.ts";
import { benchArgs, headline, intOption, usageError } from "./support/bench.ts";
import { scriptedModelThread } from "./support/scripted-model-thread.ts";
import { stageCounts } from "./support/stages.ts";

const USAGE = `
bun scripts/bench/eval.ts [options]
  Evaluate a suite with an agent against a scripted model (+--delay ms per call) and report the share of wall time
  spent outside model calls, pipelined (prefetched, shared environments; judging overlapped) at each concurrency,
  with the scores checked against an unpipelined reference run.

  --agent <spec>          agent (default basic; drfa, drba, extractive, …)
  --delay <ms>            scripted model latency per call (default 200)
  --concurrency <n,…>     cells whose agents run at once, one run each (default 1,4)
  --splits <s,…>          original,mixed (default both)
  --suite <name>          suite under --root (default demo)
  --root <dir>            task root (default tasks)
  --tasks <n>             only the suite's first n tasks (default all)
  --task-ids <id,…>       only these tasks of the suite (e.g. healthcare_02,legal_01,b2c_01)
  --agents <spec,…>       several agents (overrides --agent), each measured with the same scripted model
  --replies <kind>        fixtures (default: the agent test fixtures) or reading (answers from what each request
                          shows: searches of the question, J.7 and J.9 by the extractive agent over the prompt's
                          documents — scores then measure the evidence an agent puts in front of its model)
  --index-dir <dir>       keep environment indexes there (default: in memory)
  --embedder <name>       environment index embedder for LLM agents: hashing (default), scripted (the scripted
                          server's embeddings endpoint), or a model handle
  --no-pipeline           run the timed runs unpipelined too (the pre-pipeline behaviour)
  --no-reference          skip the unpipelined concurrency-1 reference run (no score check)
  -h, --help              this text
`;

const values = benchArgs("eval", USAGE, {
  agent: { type: "string", default: "basic" },
  delay: { type: "string", default: "200" },
  concurrency: { type: "string", default: "1,4" },
  splits: { type: "string", default: "original,mixed" },
  root: { type: "string", default: "tasks" },
  suite: { type: "string", default: "demo" },
  tasks: { type: "string" },
  "task-ids": { type: "string" },
  agents: { type: "string" },
  replies: { type: "string", default: "fixtures" },
  "index-dir": { type: "string" },
  embedder: { type: "string", default: "hashing" },
  pipeline: { type: "boolean", default: true },
  reference: { type: "boolean", default: true },
});
const delayMs = intOption("eval", USAGE, "delay", values.delay, 0);
const levels = parseList(values.concurrency).map((c) => intOption("eval", USAGE, "concurrency", c));
const splits = parseList(values.splits).map((s) => {
  const parsed = Split.safeParse(s);
  return parsed.success
    ? parsed.data
    : usageError("eval", USAGE, `--splits: expected original or mixed, got "${s}"`);
});
const agentSpecs = values.agents ? parseList(values.agents) : [values.agent];
let agents: { spec: string; agent: ReturnType<typeof agentFromSpec> }[];
try {
  agents = agentSpecs.map((spec) => ({ spec, agent: agentFromSpec(spec) }));
} catch (error) {
  usageError("eval", USAGE, `--agent: ${(error as Error).message}`);
}
const agentLabel = agentSpecs.join(",");

// The model answers from its own thread, the same replies for every schedule (pipelined or not, any concurrency).
if (values.replies !== "fixtures" && values.replies !== "reading")
  usageError("eval", USAGE, `--replies: expected fixtures or reading, got "${values.replies}"`);
const server = await scriptedModelThread(delayMs, values.replies as "fixtures" | "reading");
const handle = `compat:${server.url}#scripted-model`;
const embedderRole =
  values.embedder === "scripted" ? `compat:${server.url}#scripted-embedder` : values.embedder;

let tasks = (await listTasks(values.root, values.suite)).map((t) => t.ref);
if (tasks.length === 0) {
  await server.close();
  usageError("eval", USAGE, `no tasks in ${values.root}/${values.suite}: generate the demo suite first`);
}
if (values.tasks !== undefined) tasks = tasks.slice(0, intOption("eval", USAGE, "tasks", values.tasks));
if (values["task-ids"] !== undefined) {
  const wanted = parseList(values["task-ids"]).map((t) => (t.includes("/") ? t : `${values.suite}/${t}`));
  const missing = wanted.filter((t) => !tasks.includes(t));
  if (missing.length)
    usageError("eval", USAGE, `--task-ids: not in ${values.root}/${values.suite}: ${missing.join(", ")}`);
  tasks = wanted;
}

type Measured = {
  label: string;
  concurrency: number;
  pipeline: boolean;
  cells: number;
  failed: number;
  firstError: string | null;
  wallMs: number;
  cpuMs: number;
  calls: number;
  modelMs: number;
  outside: number;
  strictOutside: number;
  loadEnvMs: number;
  judgeMs: number;
  digest: string;
  table: string;
  /** Per cell: model calls (by stage), tokens and scores. */
  perCell: string;
};

/** One row per cell: calls by stage, fetched tokens, and the lexical judge's scores (percent). */
function perCellTable(
  store: RunStore,
  results: Awaited<ReturnType<typeof evaluateSuite>>["results"],
): string {
  const metrics = ["f1", "condition_resolution", "personalized_comprehensiveness", "factuality"] as const;
  const rows = results.map((r) => {
    const calls = store.calls(r.runId).filter((c) => c.kind === "chat");
    return [
      r.cell.task.split("/").pop()!,
      r.cell.split,
      r.cell.agent,
      r.status === "failed" ? `FAILED: ${r.error}` : String(calls.length),
      stageCounts(calls),
      String(calls.reduce((n, c) => n + c.input_tokens, 0)),
      String(calls.reduce((n, c) => n + c.output_tokens, 0)),
      ...metrics.map((m) => (typeof r.metrics[m] === "number" ? (r.metrics[m]! * 100).toFixed(1) : "–")),
    ];
  });
  return textTable(
    ["task", "split", "agent", "calls", "by stage", "in tok", "out tok", "F1", "Cond.", "Pers.", "Fact."],
    rows,
    { right: (i) => i === 3 || i >= 5 },
  );
}

/** One evaluation of the grid in a fresh store, timed. */
async function measure(concurrency: number, pipeline: boolean): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), "drflow-bench-eval-"));
  const store = new RunStore(join(dir, "runs.sqlite"));
  try {
    const services = defaultServices({
      root: values.root,
      store,
      judge: LEXICAL,
      modelOptions: { cache: null, env: {} },
      indexDir: values["index-dir"],
      llmEnvEmbedder: embedderRole,
    });
    // Time spent in each outside-the-model phase, summed over cells (overlapping model calls when pipelined).
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
    const options: EvaluateSuiteOptions = {
      batch: "bench",
      tasks,
      splits,
      agents,
      models: [handle],
      repeats: 1,
      concurrency,
      pipeline,
      store,
      ...services,
      openEnv: timed("loadEnv", services.openEnv),
      score: timed("judge", services.score),
    };
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const out = await evaluateSuite(options);
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    // Every call of the batch, those that built environment indexes (no run id) included.
    const calls = store.db.query("SELECT latency_ms FROM llm_calls").all() as { latency_ms: number }[];
    const modelMs = calls.reduce((a, c) => a + c.latency_ms, 0);
    const failed = out.results.filter((r) => r.status === "failed");
    const digest = createHash("sha256")
      .update(
        JSON.stringify(
          out.results
            .map((r) => [r.cell.task, r.cell.split, r.status, Object.entries(r.metrics).sort()])
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        ),
      )
      .digest("hex")
      .slice(0, 12);
    return {
      label: `${pipeline ? "pipelined" : "unpipelined"}, concurrency ${concurrency}`,
      concurrency,
      pipeline,
      cells: out.results.length,
      failed: failed.length,
      firstError: failed[0]?.error ?? null,
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      calls: calls.length,
      modelMs,
      outside: Math.max(0, 1 - modelMs / (wallMs * concurrency)),
      strictOutside: Math.max(0, 1 - (calls.length * delayMs) / (wallMs * concurrency)),
      loadEnvMs: phases.loadEnv,
      judgeMs: phases.judge,
      digest,
      table: formatSummaryTable(out.summary),
      perCell: perCellTable(store, out.results),
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function describe(m: Measured): string {
  return [
    `${m.label}: ${m.cells} cells${m.failed ? `, ${m.failed} FAILED (first: ${m.firstError})` : ""}`,
    `  wall time                  ${s(m.wallMs)} (process CPU ${s(m.cpuMs)}, every thread: the scripted model's included)`,
    `  model calls                ${m.calls} (${(m.calls / m.cells).toFixed(1)} per cell), ${s(m.modelMs)} in calls, mean ${(m.modelMs / Math.max(1, m.calls)).toFixed(1)} ms for a ${delayMs} ms model`,
    `  share outside model calls  ${pct(m.outside)} (strict, the model's own ${delayMs} ms only inside: ${pct(m.strictOutside)})`,
    `  outside calls              ${s(m.wallMs * m.concurrency - m.modelMs)} of ${m.concurrency} × wall; summed phase times: load env ${s(m.loadEnvMs)}, lexical judge ${s(m.judgeMs)}${m.pipeline ? " (overlapping model calls)" : ""}`,
    `  scores digest              ${m.digest}`,
  ].join("\n");
}

try {
  console.log(
    `agent ${agentLabel} on ${values.suite} (${tasks.length} tasks × ${splits.join("+")}), scripted model +${delayMs} ms/call, lexical judge, env ${values["index-dir"] ? `indexes kept in ${values["index-dir"]}` : "built in memory"}, embedder ${embedderRole}; machine load ${(
      await import("node:os")
    )
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}\n`,
  );
  const reference = !values.reference ? null : await measure(1, false);
  if (reference) console.log(`${describe(reference)}\n`);
  const runs: Measured[] = [];
  for (const c of levels) {
    const m = await measure(c, values.pipeline);
    runs.push(m);
    console.log(`${describe(m)}\n`);
  }
  console.log(runs.at(-1)!.table);
  console.log(
    `\nper cell (model calls by stage, fetched tokens, lexical scores in %):\n${runs.at(-1)!.perCell}`,
  );
  const identical = reference ? runs.every((m) => m.digest === reference.digest) : null;
  const failed = [reference, ...runs].some((m) => m && m.failed > 0);
  const shares = runs.map((m) => `${pct(m.outside)} (c=${m.concurrency})`).join(", ");
  const strict = runs.map((m) => pct(m.strictOutside)).join(" / ");
  const walls = runs.map((m) => `${s(m.wallMs)} wall / ${s(m.cpuMs)} CPU (c=${m.concurrency})`).join(", ");
  headline(
    "eval",
    `outside-model share ${shares}${!values.pipeline ? " unpipelined" : ""}; strict ${strict}; ${walls}; ` +
      `scores ${identical === null ? "not compared" : identical ? "identical to the unpipelined run" : "DIFFER from the unpipelined run"}` +
      `${reference ? ` (unpipelined c=1: ${pct(reference.outside)} outside)` : ""}; ${agentLabel}, ${runs[0]!.cells} cells, +${delayMs} ms/call` +
      (failed ? "; FAILED cells" : ""),
    {
      agent: agentLabel,
      cells: runs[0]!.cells,
      delay_ms: delayMs,
      pipeline: values.pipeline,
      ...Object.fromEntries(
        runs.flatMap((m) => [
          [`outside_share_c${m.concurrency}`, Number((m.outside * 100).toFixed(2))],
          [`strict_outside_share_c${m.concurrency}`, Number((m.strictOutside * 100).toFixed(2))],
          [`wall_s_c${m.concurrency}`, Number((m.wallMs / 1000).toFixed(2))],
          [`cpu_s_c${m.concurrency}`, Number((m.cpuMs / 1000).toFixed(2))],
          [`calls_c${m.concurrency}`, m.calls],
        ]),
      ),
      reference_outside_share_c1: reference ? Number((reference.outside * 100).toFixed(2)) : null,
      reference_wall_s: reference ? Number((reference.wallMs / 1000).toFixed(2)) : null,
      scores_identical: identical,
      failed_cells: failed,
    },
  );
  if (identical === false || failed) process.exitCode = 1;
} finally {
  await server.close();
}
