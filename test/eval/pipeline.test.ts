import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentFromSpec } from "../../src/agents/index.ts";
import type { Env } from "../../src/env/types.ts";
import { type EvaluateSuiteOptions, evaluateSuite } from "../../src/eval/evaluate-suite.ts";
import { defaultServices, LEXICAL } from "../../src/eval/services.ts";
import { RunStore } from "../../src/store/run-store.ts";

const ROOT = join(import.meta.dir, "../../tasks");
const TASKS = ["demo/healthcare_01", "demo/legal_02"];
const dir = mkdtempSync(join(tmpdir(), "drflow-pipeline-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One evaluation of the grid (extractive agent, lexical judge, two repeats) in its own store, with env accounting. */
async function run(name: string, extra: Partial<EvaluateSuiteOptions>) {
  const store = new RunStore(join(dir, `${name}.sqlite`));
  const services = defaultServices({ root: ROOT, store, judge: LEXICAL });
  const opened: string[] = [];
  let open = 0;
  let maxOpen = 0;
  const views: Env[] = [];
  try {
    const out = await evaluateSuite({
      batch: "pipe",
      tasks: TASKS,
      splits: ["original", "mixed"],
      agents: [{ spec: "extractive", agent: agentFromSpec("extractive") }],
      models: [],
      repeats: 2,
      store,
      ...services,
      openEnv: async (loaded, split, agent, options) => {
        opened.push(`${loaded.task.id}/${split}`);
        const env = await services.openEnv(loaded, split, agent, options);
        maxOpen = Math.max(maxOpen, ++open);
        views.push(env);
        return {
          ...env,
          close: async () => {
            open--;
            await env.close();
          },
        };
      },
      ...extra,
    });
    const scores = Object.fromEntries(
      out.results.map((r) => [`${r.cell.task} ${r.cell.split} #${r.cell.repeat}`, r.metrics]),
    );
    return { out, scores, opened, open, maxOpen, store };
  } finally {
    store.close();
  }
}

test("the pipeline gives every cell the scores of the unpipelined run, builds each environment once and closes it", async () => {
  const reference = await run("reference", { pipeline: false, concurrency: 1 });
  expect(reference.out.results.every((r) => r.status === "done")).toBe(true);
  // Unpipelined: one environment per cell.
  expect(reference.opened).toHaveLength(8);
  for (const concurrency of [1, 3]) {
    const piped = await run(`piped-${concurrency}`, { concurrency });
    expect(piped.out.results.map((r) => r.status)).toEqual(reference.out.results.map((r) => r.status));
    expect(piped.scores).toEqual(reference.scores);
    // Results keep the grid's order.
    expect(piped.out.results.map((r) => r.cell)).toEqual(reference.out.results.map((r) => r.cell));
    // Once per task × split (repeats share it), never more open than the slots and the prefetch need, all closed.
    expect(piped.opened.sort()).toEqual([
      "healthcare_01/mixed",
      "healthcare_01/original",
      "legal_02/mixed",
      "legal_02/original",
    ]);
    expect(piped.maxOpen).toBeLessThanOrEqual(2 * concurrency);
    expect(piped.open).toBe(0);
  }
}, 120_000);

test("a cell's view of a shared environment reads but refuses writes, and its trace names the index's embedder", async () => {
  const store = new RunStore(join(dir, "view.sqlite"));
  try {
    const services = defaultServices({ root: ROOT, store, judge: LEXICAL });
    const seen: Env[] = [];
    const writer = {
      ...agentFromSpec("extractive"),
      name: "writer",
      async run(ctx: Parameters<ReturnType<typeof agentFromSpec>["run"]>[0]) {
        seen.push(ctx.env);
        expect((await ctx.env.search("consent", { limit: 3 })).length).toBeGreaterThan(0);
        await ctx.env.apps.files.add([]);
        throw new Error("unreachable");
      },
    };
    const out = await evaluateSuite({
      batch: "view",
      tasks: [TASKS[0]!],
      splits: ["original"],
      agents: [{ spec: "writer", agent: writer }],
      models: [],
      repeats: 1,
      store,
      ...services,
    });
    expect(out.results[0]!.status).toBe("failed");
    expect(out.results[0]!.error).toMatch(/app files: a shared environment is read-only/);
    expect(seen[0]!.embedder).toMatch(/^hashing/);

    const ok = await evaluateSuite({
      batch: "note",
      tasks: [TASKS[0]!],
      splits: ["mixed"],
      agents: [{ spec: "extractive", agent: agentFromSpec("extractive") }],
      models: [],
      repeats: 1,
      store,
      ...services,
    });
    const trace = store.getTrace(ok.results[0]!.runId);
    expect(trace?.[0]).toMatchObject({
      type: "note",
      message: expect.stringMatching(/mixed split, search index embedded with hashing/),
    });
  } finally {
    store.close();
  }
}, 60_000);
