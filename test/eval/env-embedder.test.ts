/**
 * Environment indexes follow the embedder role for LLM agents (#13 "roles honoured everywhere"): against the provider
 * emulator in OpenAI mode, which refuses embeddings from chat models, `drflow run --agent drfa` builds the task's
 * index with the role's default (`openai:text-embedding-3-small`, the paper's) over real HTTP, records which embedder
 * built it, and an offline agent's index stays on the hashing embedder (no request at all).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies } from "../agents/support/scripted-agent.ts";
import { drflow } from "../support/cli.ts";
import { replaceEnv } from "../support/env-vars.ts";
import { type ProviderEmulator, startProviderEmulator } from "../support/provider-emulator.ts";

const ROOT = join(import.meta.dir, "../../tasks");
const VARIABLES = [
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  "DRFLOW_EMBEDDER_MODEL",
  "DRFLOW_CACHE_PATH",
  "DRFLOW_CACHE",
];
let restoreEnv: () => void = () => {};
let emulator: ProviderEmulator;
let tmp: string;
const store = () => join(tmp, "runs.sqlite");

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-env-embedder-"));
  emulator = await startProviderEmulator({ profile: "openai", reply: agentReplies() });
  // No DRFLOW_EMBEDDER_MODEL: the role's default is what a user gets.
  restoreEnv = replaceEnv(VARIABLES, {
    OPENAI_BASE_URL: emulator.url,
    OPENAI_API_KEY: "sk-emulator",
    DRFLOW_CACHE: "off",
  });
});
afterAll(async () => {
  restoreEnv();
  await emulator.close();
  await rm(tmp, { recursive: true, force: true });
});

const embeddings = () => emulator.requests.filter((r) => r.path.endsWith("/embeddings"));
const lastRun = () => {
  const s = new RunStore(store());
  try {
    const { id } = s.db
      .query<{ id: string }, []>("SELECT id FROM runs WHERE kind = 'agent' ORDER BY rowid DESC LIMIT 1")
      .get()!;
    return { id, trace: s.getTrace(id) as { type: string; message?: string }[], calls: s.calls(id) };
  } finally {
    s.close();
  }
};

test("an LLM agent's environment index embeds with the embedder role, over HTTP, and the run says so", async () => {
  const r = await drflow(
    "run",
    ...["--agent", "drfa:iterations=1", "--model", "openai:gpt-4o", "--task", "demo/healthcare_01"],
    ...["--root", ROOT, "--store", store(), "--quiet", "--out", join(tmp, "report.md")],
  );
  expect(r.code).toBe(0);
  expect(r.err).toContain(
    "environment: original split, search index embedded with openai:text-embedding-3-small",
  );
  const sent = embeddings();
  expect(sent.length).toBeGreaterThan(0);
  expect(new Set(sent.map((q) => (q.body as { model: string }).model))).toEqual(
    new Set(["text-embedding-3-small"]),
  );
  // The index's chunks went out: some input carries the text of the task's documents (title + text per chunk).
  const inputs = sent.flatMap((q) => (q.body as { input: string[] | string }).input);
  expect(inputs.length).toBeGreaterThan(20);
  expect(emulator.stats).toMatchObject({
    embeddingsToChatModel: 0,
    chatToEmbeddingModel: 0,
    unauthorized: 0,
  });
  expect(emulator.errors).toEqual([]);
  const run = lastRun();
  expect(run.trace[0]).toMatchObject({
    type: "note",
    message: "environment: original split, search index embedded with openai:text-embedding-3-small",
  });
}, 120_000);

test("an offline agent's index stays on the hashing embedder: no request leaves", async () => {
  const before = emulator.requests.length;
  const r = await drflow(
    "run",
    ...["--agent", "extractive", "--task", "demo/healthcare_01", "--split", "mixed"],
    ...["--root", ROOT, "--store", store(), "--quiet", "--out", join(tmp, "extractive.md")],
  );
  expect(r.code).toBe(0);
  expect(r.err).toMatch(/search index embedded with hashing-\d+/);
  expect(emulator.requests.length).toBe(before);
}, 120_000);

test("an embedder role naming a chat model fails the run with the provider's refusal, never a result", async () => {
  process.env.DRFLOW_EMBEDDER_MODEL = "openai:gpt-4o";
  try {
    const r = await drflow(
      "run",
      ...["--agent", "drfa:iterations=1", "--model", "openai:gpt-4o", "--task", "demo/healthcare_01"],
      ...["--root", ROOT, "--store", store(), "--quiet"],
    );
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/does not support embeddings/);
    expect(r.err).not.toMatch(/^\s+at /m);
    const s = new RunStore(store());
    try {
      const last = s.db
        .query<{ status: string }, []>(
          "SELECT status FROM runs WHERE kind = 'agent' ORDER BY rowid DESC LIMIT 1",
        )
        .get()!;
      expect(last.status).toBe("failed");
    } finally {
      s.close();
    }
  } finally {
    delete process.env.DRFLOW_EMBEDDER_MODEL;
  }
}, 120_000);
