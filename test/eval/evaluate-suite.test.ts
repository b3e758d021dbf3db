import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Agent, AgentContext } from "../../src/agents/types.ts";
import type { MetricResult, Report, Split } from "../../src/core/index.ts";
import type { Env } from "../../src/env/types.ts";
import { type EvaluateSuiteOptions, evaluateSuite } from "../../src/eval/evaluate-suite.ts";
import { createModel } from "../../src/llm/index.ts";
import { RunStore } from "../../src/store/run-store.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

const TASKS = ["demo/a_01", "demo/b_01", "demo/c_01"];
const judgeInfo = {
  judge: "test",
  model: "",
  temperature: null,
  seed: null,
  prompt_hash: "",
  protocol: "lexical" as const,
};

/** A report whose generic workflow has as many steps as the task id's letter position (a=1, b=2, …). */
function reportFor(taskId: string): Report {
  const n = taskId.charCodeAt(0) - 96;
  const steps = Array.from({ length: n }, (_, i) => ({
    item: i + 1,
    title: `Step ${i + 1}`,
    task: "t",
    task_description: "d",
    condition_description: "",
    prerequisite: "",
    prerequisite_description: "",
    justification: "j",
    citations: [],
  }));
  return {
    task_id: taskId,
    question: "q",
    executive_summary: "",
    generic_workflow: steps,
    condition_resolution: [],
    personalized_workflow: steps,
    references: [],
    findings: "",
  };
}

/** Score = steps / 4, so the expected summary is known. */
async function score(report: Report): Promise<MetricResult[]> {
  const value = report.generic_workflow.length / 4;
  return [
    { metric: "f1", value, scored: 1, unscored: 0, items: [], judge: judgeInfo, tokens: 0 },
    { metric: "recall", value: 1, scored: 1, unscored: 0, items: [], judge: judgeInfo, tokens: 0 },
  ];
}

const fakeEnv = (taskId: string, split: Split): Env =>
  ({
    taskId,
    question: "q",
    user: { name: "U", email: "u@x" },
    split,
    apps: {},
    close: async () => {},
  }) as unknown as Env;

function countingAgent(log: string[], failOn?: (ctx: AgentContext) => boolean): Agent {
  return {
    name: "counting",
    options: {},
    needsModel: false,
    async run(ctx) {
      log.push(`${ctx.env.taskId}/${ctx.env.split}`);
      if (failOn?.(ctx)) throw new Error(`interrupted on ${ctx.env.taskId}`);
      return { report: reportFor(ctx.env.taskId), trace: [{ type: "note", at: 0, message: "ran" }] };
    },
  };
}

let dir: string;
let store: RunStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "drflow-eval-"));
  store = new RunStore(join(dir, "runs.sqlite"));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function options(agent: Agent, extra: Partial<EvaluateSuiteOptions> = {}): EvaluateSuiteOptions {
  return {
    batch: "b1",
    tasks: TASKS,
    splits: ["original", "mixed"],
    agents: [{ spec: "counting", agent }],
    models: [],
    repeats: 2,
    concurrency: 2,
    store,
    loadTask: async (ref) =>
      ({
        task: { id: ref.split("/")[1]! },
        manifest: { task_id: ref, artifacts: [] },
        dir: "",
      }) as unknown as LoadedTask,
    openEnv: async (loaded, split) => fakeEnv(loaded.task.id, split),
    model: () => {
      throw new Error("no model expected");
    },
    score,
    ...extra,
  };
}

describe("evaluateSuite", () => {
  test("runs every cell, stores runs and metrics, and summarizes per agent × model × split", async () => {
    const log: string[] = [];
    const out = await evaluateSuite(options(countingAgent(log)));
    expect(out.ran).toBe(12);
    expect(out.skipped).toBe(0);
    expect(log).toHaveLength(12);
    expect(store.listRuns({ batch: "b1", status: "done" })).toHaveLength(12);
    expect(out.summary.map((r) => [r.agent, r.model, r.split, r.tasks])).toEqual([
      // original before mixed, as the studio and the notebooks list them (issue 28)
      ["counting", "none", "original", 3],
      ["counting", "none", "mixed", 3],
    ]);
    // F1 per task is 1/4, 2/4, 3/4 → mean 0.5 in both repeats → std 0.
    expect(out.summary[0]!.metrics.f1!.mean).toBeCloseTo(0.5, 10);
    expect(out.summary[0]!.metrics.f1!.std).toBe(0);
    expect(out.summary[0]!.metrics.f1!.repeats).toBe(2);
  });

  test("resumes: after an interruption only the missing cells run, finished ones are read back", async () => {
    const first: string[] = [];
    // The first invocation is "killed" on task c_01: its cells fail, every other cell finishes.
    const interrupted = await evaluateSuite(
      options(countingAgent(first, (ctx) => ctx.env.taskId === "c_01")),
    );
    expect(interrupted.results.filter((r) => r.status === "failed")).toHaveLength(4);
    expect(store.listRuns({ batch: "b1", status: "failed" })).toHaveLength(4);

    const second: string[] = [];
    const resumed = await evaluateSuite(options(countingAgent(second)));
    expect(resumed.skipped).toBe(8);
    expect(resumed.ran).toBe(4);
    expect(second.sort()).toEqual(["c_01/mixed", "c_01/mixed", "c_01/original", "c_01/original"]);
    expect(resumed.results.every((r) => r.status !== "failed")).toBe(true);
    expect(resumed.summary[1]!.metrics.f1!.mean).toBeCloseTo(0.5, 10);

    const third: string[] = [];
    const again = await evaluateSuite(options(countingAgent(third)));
    expect(third).toHaveLength(0);
    expect(again.skipped).toBe(12);
    expect(again.summary).toEqual(resumed.summary);
  });

  test("a cell whose report was stored before the interruption is only re-judged", async () => {
    const log: string[] = [];
    let judged = 0;
    const failingJudge = async (report: Report) => {
      judged++;
      if (report.task_id === "b_01") throw new Error("judge interrupted");
      return score(report);
    };
    await evaluateSuite(
      options(countingAgent(log), { score: failingJudge, repeats: 1, splits: ["original"] }),
    );
    expect(log).toHaveLength(3);
    const log2: string[] = [];
    const out = await evaluateSuite(options(countingAgent(log2), { repeats: 1, splits: ["original"] }));
    expect(log2).toHaveLength(0); // the agent did not run again
    expect(out.ran).toBe(1);
    expect(judged).toBe(3);
    expect(out.results.find((r) => r.cell.task === "demo/b_01")!.metrics.f1).toBeCloseTo(0.5, 10);
  });
});

describe("evaluateSuite with a model's key missing", () => {
  /** An agent that needs a model but never calls it (what is tested is whether its model is built). */
  const modelAgent = (log: string[]): Agent => ({
    ...countingAgent(log),
    name: "modelled",
    needsModel: true,
  });
  const grid = (agent: Agent, env: Record<string, string>, pipeline: boolean) =>
    options(agent, {
      agents: [{ spec: "modelled", agent }],
      models: ["openai:gpt-4o"],
      repeats: 1,
      pipeline,
      model: (handle, role) =>
        createModel(handle, { env, cache: null, ...(role ? { role } : {}), namedBy: "--models" }),
    });

  for (const pipeline of [true, false]) {
    test(`fails before any cell runs, naming the role, the variable and the flag (pipeline: ${pipeline})`, async () => {
      const log: string[] = [];
      await expect(evaluateSuite(grid(modelAgent(log), {}, pipeline))).rejects.toThrow(
        'model "openai:gpt-4o" needs an API key: set the environment variable OPENAI_API_KEY (or name another agent model with --models)',
      );
      expect(log).toHaveLength(0);
      expect(store.listRuns({ batch: "b1" })).toHaveLength(0);
    });
  }

  test("a batch whose cells all finished is read back without the key", async () => {
    const log: string[] = [];
    const first = await evaluateSuite(grid(modelAgent(log), { OPENAI_API_KEY: "sk-test" }, true));
    expect(first.ran).toBe(6);
    const again = await evaluateSuite(grid(modelAgent(log), {}, true));
    expect(again.skipped).toBe(6);
    expect(log).toHaveLength(6);
  });
});

describe("evaluateSuite with an LLM agent over the scripted server", () => {
  let server: ScriptedServer;
  afterEach(async () => server?.close());

  test("an interrupted cell resumes without repeating finished model calls; usage of both attempts is kept", async () => {
    server = await startScriptedServer({
      reply: (_req, i) => ({ content: `reply ${i}`, usage: { prompt_tokens: 100, completion_tokens: 10 } }),
    });
    let crash = true;
    const llmAgent: Agent = {
      name: "three-calls",
      options: {},
      needsModel: true,
      async run(ctx) {
        for (let i = 0; i < 3; i++) {
          await ctx.model!.chat({
            messages: [{ role: "user", content: `${ctx.env.taskId} question ${i}` }],
            context: { runId: ctx.runId, stage: `s${i}`, role: "agent" },
          });
          if (crash && i === 1) throw new Error("killed after two calls");
        }
        return { report: reportFor(ctx.env.taskId), trace: [] };
      },
    };
    const handle = `compat:${server.url}#test-model`;
    const model = () => createModel(handle, { cache: join(dir, "cache.sqlite"), usage: store, env: {} });
    const opts = options(llmAgent, {
      agents: [{ spec: "three-calls", agent: llmAgent }],
      models: [handle],
      tasks: ["demo/a_01"],
      splits: ["original"],
      repeats: 1,
      model,
    });
    const first = await evaluateSuite(opts);
    expect(first.results[0]!.status).toBe("failed");
    expect(server.requests).toHaveLength(2);
    crash = false;
    const second = await evaluateSuite(opts);
    expect(second.results[0]!.status).toBe("done");
    // Only the third call reached the server; the first two came from the cache.
    expect(server.requests).toHaveLength(3);
    const calls = store.calls(second.results[0]!.runId);
    expect(calls).toHaveLength(5);
    expect(calls.filter((c) => c.cached)).toHaveLength(2);
    // Usage counts every call but only the three paid ones' tokens.
    expect(second.results[0]!.usage.calls).toBe(5);
    expect(second.results[0]!.usage.inputTokens).toBe(300);
    expect(second.results[0]!.usage.outputTokens).toBe(30);
  });
});
