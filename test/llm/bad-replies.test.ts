/**
 * Bad replies never become results: empty, non-JSON, schema-violating and truncated replies injected into each LLM
 * agent (a structured planning stage and the J.9 report) and into the judge, over real HTTP against the provider
 * emulator's local profile (a server that does not constrain its output). A bad reply fails the cell with a one-line
 * reason, keeps the raw reply in the trace, is never cached as good, and never makes a judge metric 0 (`drflow judge`
 * exits 1 when nothing could be scored; `drflow eval` judges such a cell again on its next run).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies, kindOf, type PromptKind } from "../agents/support/scripted-agent.ts";
import { drflow } from "../support/cli.ts";
import { judgeKindOf, judgeReply } from "../support/judge-replies.ts";
import {
  type EmulatorReply,
  type ProviderEmulator,
  startProviderEmulator,
} from "../support/provider-emulator.ts";
import type { RecordedRequest } from "../support/scripted-server.ts";

const TASKS = join(import.meta.dir, "../../tasks");
const TASK = "demo/healthcare_01";

/** The four kinds of bad reply, for a JSON stage and for the Markdown report. */
const BAD: Record<string, { json: EmulatorReply; report: EmulatorReply }> = {
  empty: { json: { content: "", raw: true }, report: { content: "", raw: true } },
  "non-JSON": {
    json: { content: "I'm sorry, I can't produce that plan.", raw: true },
    report: { content: "I'm sorry, I can't write that report.", raw: true },
  },
  "schema-violating": {
    json: { content: '{"plan": "look around", "areas": 3}', raw: true },
    report: { content: "# Report\n\nThe workflow depends on many factors.\n", raw: true },
  },
  truncated: {
    json: {
      content: '{"research_investigation_areas": [{"area_id": 1, "stage": "REQUIREMENT_COLL',
      raw: true,
      finishReason: "length",
    },
    report: { content: "## Executive Summary\n\nThe consent process for", raw: true, finishReason: "length" },
  },
};

let emulator: ProviderEmulator;
let tmp: string;
let inject: { kind: PromptKind | "judge"; reply: EmulatorReply } | null = null;
const saved = { cache: process.env.DRFLOW_CACHE_PATH, embedder: process.env.DRFLOW_EMBEDDER_MODEL };

function reply(req: RecordedRequest, index: number): EmulatorReply {
  if (req.path.endsWith("/embeddings")) return {};
  const kind = kindOf(req);
  if (inject && (inject.kind === kind || (inject.kind === "judge" && judgeKindOf(req)))) return inject.reply;
  if (kind !== "unknown") return agentReplies()(req, index);
  return judgeReply(req) ?? { status: 400, content: "unscripted prompt" };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-bad-replies-"));
  emulator = await startProviderEmulator({ profile: "local", reply });
  process.env.DRFLOW_CACHE_PATH = join(tmp, "cache.sqlite");
  // The embedder role on the local server's embedding model: the agents' environment indexes embed with it.
  process.env.DRFLOW_EMBEDDER_MODEL = `compat:${emulator.url}#nomic-embed-text`;
});
afterAll(async () => {
  if (saved.cache === undefined) delete process.env.DRFLOW_CACHE_PATH;
  else process.env.DRFLOW_CACHE_PATH = saved.cache;
  if (saved.embedder === undefined) delete process.env.DRFLOW_EMBEDDER_MODEL;
  else process.env.DRFLOW_EMBEDDER_MODEL = saved.embedder;
  await emulator.close();
  await rm(tmp, { recursive: true, force: true });
});

const model = () => `compat:${emulator.url}#qwen2.5-7b`;
const storePath = () => join(tmp, "runs.sqlite");

/** Every cached chat reply's text. */
function cachedTexts(): string[] {
  const { Database } = require("bun:sqlite") as typeof import("bun:sqlite");
  const db = new Database(join(tmp, "cache.sqlite"), { readonly: true });
  try {
    return (
      db
        .query<{ response: string }, []>("SELECT response FROM entries WHERE kind = 'chat'")
        .all()
        .map((r) => JSON.parse(r.response) as { text: string | null; rejected?: string | null })
        // Rejected replies are kept (marked) for replay, never as good answers.
        .filter((r) => !r.rejected)
        .map((r) => String(r.text ?? ""))
    );
  } finally {
    db.close();
  }
}

const CASES: { agent: string; stage: PromptKind; format: "json" | "report" }[] = [
  { agent: "drfa:iterations=1", stage: "J.4", format: "json" },
  { agent: "drfa:iterations=1", stage: "J.9", format: "report" },
  { agent: "drba:iterations=1", stage: "DRBA.CRP", format: "json" },
  { agent: "drba:iterations=1", stage: "J.9", format: "report" },
  { agent: "basic", stage: "J.9", format: "report" },
];

describe("agents", () => {
  for (const c of CASES) {
    for (const [name, bad] of Object.entries(BAD)) {
      test(`${c.agent.split(":")[0]}: ${name} reply at ${c.stage} → failed cell with a reason, raw reply in the trace, nothing cached`, async () => {
        const content = bad[c.format].content!;
        inject = { kind: c.stage, reply: bad[c.format] };
        const r = await drflow(
          "run",
          "--agent",
          c.agent,
          "--model",
          model(),
          "--task",
          TASK,
          "--root",
          TASKS,
          "--store",
          storePath(),
          "--quiet",
        );
        inject = null;
        expect(r.code).toBe(1);
        // One line, naming the stage: never a stack or a ZodError dump.
        expect(r.err.split("\n")).toHaveLength(1);
        expect(r.err).toMatch(/^drflow run: (research_planning|workflow_generation): /);
        const store = new RunStore(storePath());
        try {
          const run = store.db
            .query<{ id: string; status: string; error: string }, []>(
              "SELECT id, status, error FROM runs ORDER BY rowid DESC LIMIT 1",
            )
            .get()!;
          expect(run.status).toBe("failed");
          expect(run.error).not.toContain("\n");
          expect(store.getReport(run.id)).toBeNull();
          const notes = (store.getTrace(run.id) ?? []).flatMap((e) =>
            (e as { type: string; message?: string }).type === "note"
              ? [(e as { message: string }).message]
              : [],
          );
          expect(
            notes.some((n) => n.includes("rejected model reply (raw): ") && n.includes(content || "(empty)")),
          ).toBe(true);
          // Every attempt is in usage under the run, the rejected ones with their reason.
          const calls = store.calls(run.id);
          expect(calls.some((x) => x.error?.startsWith("reply rejected: "))).toBe(true);
        } finally {
          store.close();
        }
        if (content) expect(cachedTexts()).not.toContain(content);
      }, 60_000);
    }
  }
});

describe("judge", () => {
  let runId = "";
  beforeAll(async () => {
    const r = await drflow(
      "run",
      "--agent",
      "basic",
      "--model",
      model(),
      "--task",
      TASK,
      "--root",
      TASKS,
      "--store",
      storePath(),
      "--quiet",
    );
    expect(r.code).toBe(0);
    const store = new RunStore(storePath());
    runId = store.db
      .query<{ id: string }, []>("SELECT id FROM runs WHERE status = 'done' ORDER BY rowid DESC LIMIT 1")
      .get()!.id;
    store.close();
  }, 60_000);

  for (const [name, bad] of Object.entries(BAD)) {
    test(`${name} judge replies leave the metrics unscored, never 0, and are never cached`, async () => {
      inject = {
        kind: "judge",
        reply: { ...bad.json, content: bad.json.content!.replace("REQUIREMENT_COLL", "matc") },
      };
      const r = await drflow(
        "judge",
        "--run",
        runId,
        "--judge",
        model(),
        "--root",
        TASKS,
        "--store",
        storePath(),
        "--json",
      );
      inject = null;
      // Nothing could be scored: the results are stored (unscored) and the exit code says so.
      expect(r.code).toBe(1);
      expect(r.err).toContain("nothing could be scored");
      const result = JSON.parse(r.out) as {
        metrics: {
          metric: string;
          value: number | null;
          scored: number;
          items: { score: number | null; justification: string }[];
        }[];
      };
      const byName = Object.fromEntries(result.metrics.map((m) => [m.metric, m]));
      for (const metric of [
        "precision",
        "recall",
        "f1",
        "topology",
        "condition_resolution",
        "personalized_comprehensiveness",
      ]) {
        expect([metric, byName[metric]!.value]).toEqual([metric, null]);
        expect(byName[metric]!.scored).toBe(0);
      }
      // Factuality: a cited claim the judge could not read is unscored; only uncited steps score 0 (the paper's rule).
      for (const item of byName.factuality!.items)
        if (item.score === 0) expect(item.justification).toMatch(/no citation|not cited|uncited/i);
      const store = new RunStore(storePath());
      try {
        const stored = store.metrics({ run: runId }).filter((m) => m.result.judge.judge === "llm");
        const conditions = stored.filter((m) => m.result.metric === "condition_resolution");
        expect(conditions.length).toBeGreaterThan(0);
        expect(conditions.map((m) => m.result.value).every((v) => v === null)).toBe(true);
        // Judge calls are recorded under the run, the rejected replies with their reason.
        const judged = store.calls(runId).filter((c) => c.role === "judge");
        expect(judged.length).toBeGreaterThan(0);
        expect(judged.every((c) => c.error?.startsWith("reply rejected: "))).toBe(true);
      } finally {
        store.close();
      }
      if (bad.json.content) expect(cachedTexts()).not.toContain(bad.json.content);
    }, 60_000);
  }
});

test("an eval cell whose judge answered garbage is judged again on the next run, from its stored report", async () => {
  const argv = [
    ...["eval", "--suite", "demo", "--tasks", "healthcare_01", "--agents", "basic", "--models", model()],
    ...["--judge", model(), "--no-index", "--root", TASKS],
    ...["--store", join(tmp, "rejudge.sqlite")],
  ];
  inject = { kind: "judge", reply: BAD["non-JSON"]!.json };
  const first = await drflow(...argv);
  inject = null;
  expect(first.code).toBe(0);
  const unscored = (s: RunStore) =>
    s.metrics({}).filter((m) => m.result.value === null && !m.result.not_applicable).length;
  let s = new RunStore(join(tmp, "rejudge.sqlite"));
  const runId = s.db.query<{ id: string }, []>("SELECT id FROM runs WHERE kind = 'agent'").get()!.id;
  expect(unscored(s)).toBeGreaterThan(0);
  s.close();
  const before = emulator.requests.length;
  const second = await drflow(...argv);
  expect(second.code).toBe(0);
  s = new RunStore(join(tmp, "rejudge.sqlite"));
  try {
    expect(unscored(s)).toBe(0);
    expect(s.getRun(runId)!.status).toBe("done");
    // The agent did not run again: no J.9 request, only the judge's.
    const again = emulator.requests.slice(before).filter((r) => r.path.endsWith("/chat/completions"));
    expect(again.length).toBeGreaterThan(0);
    expect(again.filter((r) => kindOf(r) === "J.9")).toEqual([]);
  } finally {
    s.close();
  }
  // A third run reads the scored cell back without asking anyone.
  const settled = emulator.requests.length;
  expect((await drflow(...argv)).code).toBe(0);
  expect(emulator.requests.slice(settled).filter((r) => r.path.endsWith("/chat/completions"))).toEqual([]);
}, 120_000);
