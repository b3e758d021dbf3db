/**
 * The pipeline's background work happens while agents wait on the model (#20): with DRFA against the scripted
 * server over real HTTP, every judging and every prefetched environment starts while a model request is in flight
 * (handed to `fetch`, not yet answered), never in the gap between an agent's reply and its next request. Scores
 * equal the unpipelined run's.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentFromSpec } from "../../src/agents/index.ts";
import { type EvaluateSuiteOptions, evaluateSuite } from "../../src/eval/evaluate-suite.ts";
import { defaultServices, LEXICAL } from "../../src/eval/services.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies } from "../agents/support/scripted-agent.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

const ROOT = join(import.meta.dir, "../../tasks");
const TASKS = ["demo/healthcare_01", "demo/legal_02"];
const DELAY_MS = 40;
const dir = mkdtempSync(join(tmpdir(), "drflow-overlap-"));
let server: ScriptedServer;
/** [sent, answered] per request: from the model layer's `fetch` call to its response. */
const windows: [number, number][] = [];
const recordingFetch = (async (...args: Parameters<typeof fetch>) => {
  const window: [number, number] = [performance.now(), Number.POSITIVE_INFINITY];
  windows.push(window);
  try {
    return await fetch(...args);
  } finally {
    window[1] = performance.now();
  }
}) as typeof fetch;

beforeAll(async () => {
  const replies = agentReplies();
  server = await startScriptedServer({ reply: (req, i) => ({ ...replies(req, i), delayMs: DELAY_MS }) });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const inFlight = (t: number) => windows.some(([a, b]) => a <= t && t <= b);

async function evaluate(name: string, extra: Partial<EvaluateSuiteOptions>) {
  const store = new RunStore(join(dir, `${name}.sqlite`));
  const services = defaultServices({
    root: ROOT,
    store,
    judge: LEXICAL,
    modelOptions: { cache: null, env: {}, fetch: recordingFetch },
    llmEnvEmbedder: "hashing", // the offline index: no embedding requests besides the agent's
  });
  const judged: number[] = [];
  const prefetched: number[] = [];
  windows.length = 0;
  try {
    const out = await evaluateSuite({
      batch: name,
      tasks: TASKS,
      splits: ["original", "mixed"],
      agents: [{ spec: "drfa", agent: agentFromSpec("drfa") }],
      models: [`compat:${server.url}#scripted`],
      repeats: 1,
      store,
      ...services,
      score: (report, loaded, runId) => {
        judged.push(performance.now());
        return services.score(report, loaded, runId);
      },
      openEnv: (loaded, split, agent, options) => {
        if (options?.background) prefetched.push(performance.now());
        return services.openEnv(loaded, split, agent, options);
      },
      ...extra,
    });
    const lastAnswer = Math.max(...windows.map(([, b]) => b));
    return { out, judged, prefetched, lastAnswer };
  } finally {
    store.close();
  }
}

const scoresOf = (out: Awaited<ReturnType<typeof evaluateSuite>>) =>
  out.results.map((r) => [r.cell.task, r.cell.split, r.status, r.metrics]);

test("judging and prefetching start only while a model request is in flight, with the unpipelined scores", async () => {
  const reference = await evaluate("reference", { pipeline: false });
  expect(reference.out.results.map((r) => r.error ?? r.status)).toEqual(["done", "done", "done", "done"]);
  for (const concurrency of [1, 2]) {
    const piped = await evaluate(`piped-${concurrency}`, { concurrency });
    expect(scoresOf(piped.out)).toEqual(scoresOf(reference.out));
    expect(piped.judged).toHaveLength(4);
    // Judgings that wait for no later agent (the last cells') may start after the last answer.
    const during = piped.judged.filter((t) => t < piped.lastAnswer);
    expect(during.length).toBeGreaterThanOrEqual(4 - concurrency);
    for (const t of during) expect(inFlight(t)).toBe(true);
    // Every environment after the first `concurrency` is prepared while an agent waits on the model.
    expect(piped.prefetched).toHaveLength(4);
    for (const t of piped.prefetched.slice(concurrency)) expect(inFlight(t)).toBe(true);
  }
  // The unpipelined run judges each cell right after its agent: nothing overlaps.
  expect(reference.judged.filter((t) => inFlight(t))).toEqual([]);
}, 120_000);
