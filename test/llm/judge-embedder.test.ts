/**
 * The LLM judge embeds factuality evidence with the embedder role — by default `openai:text-embedding-3-small`, the
 * paper's — and never with its own chat model, which OpenAI's embeddings endpoint refuses (the emulator enforces it).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { MemoryUsageSink } from "../../src/core/usage.ts";
import { evaluate } from "../../src/judge/evaluate.ts";
import { createModel } from "../../src/llm/model.ts";
import { goldReport } from "../judge/construct.ts";
import { loadFixtureTask } from "../judge/fixture.ts";
import { judgeReply } from "../support/judge-replies.ts";
import { type ProviderEmulator, startProviderEmulator } from "../support/provider-emulator.ts";

let emulator: ProviderEmulator;
beforeAll(async () => {
  emulator = await startProviderEmulator({
    profile: "openai",
    reply: (req) => (req.path.endsWith("/embeddings") ? {} : (judgeReply(req) ?? { content: "" })),
  });
});
afterAll(() => emulator.close());

test("factuality ranking embeds with openai:text-embedding-3-small by default; judge calls carry the run id", async () => {
  const loaded = await loadFixtureTask();
  const report = goldReport(loaded);
  report.personalized_workflow = report.personalized_workflow.slice(0, 2);
  const sink = new MemoryUsageSink();
  const judge = createModel("openai:gpt-4o", {
    env: { OPENAI_API_KEY: "sk-emulator", OPENAI_BASE_URL: emulator.url },
    cache: null,
    usage: sink,
  });
  const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i}: ${"policy text. ".repeat(80)}`).join(
    "\n\n",
  );
  const result = await evaluate(report, loaded, {
    judge,
    metrics: ["factuality"],
    llm: { runId: "run-x" },
    sources: async (id) => ({ id, title: "Long policy", app: "drive", path: "drive/long.md", text: long }),
  });
  expect(result.metrics[0]!.scored).toBeGreaterThan(0);
  const embeddings = emulator.requests.filter((r) => r.path.endsWith("/embeddings"));
  expect(embeddings.length).toBeGreaterThan(0);
  expect(new Set(embeddings.map((r) => (r.body as { model: string }).model))).toEqual(
    new Set(["text-embedding-3-small"]),
  );
  expect(emulator.stats.embeddingsToChatModel).toBe(0);
  expect(new Set(sink.calls.map((c) => `${c.role} ${c.model} ${c.run_id}`))).toEqual(
    new Set(["judge gpt-4o run-x", "embedder text-embedding-3-small run-x"]),
  );
});
