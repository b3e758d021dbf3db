/**
 * The provider emulator enforces what it claims, and drflow's model layer reads each profile's answers right:
 * error bodies and headers, model capabilities, JSON mode's "json" rule, OpenRouter's `usage.cost`, local servers
 * without usage, and OpenRouter models without structured outputs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { z } from "zod";
import { MemoryUsageSink } from "../../src/core/usage.ts";
import { createModel } from "../../src/llm/model.ts";
import { type ProviderEmulator, startProviderEmulator } from "./provider-emulator.ts";

const ctx = { stage: "t", role: "agent" as const };
const Answer = z.object({ answer: z.string(), confidence: z.number() });
const post = (url: string, path: string, body: unknown, key = "sk-emulator") =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });

describe("openai profile", () => {
  let emu: ProviderEmulator;
  let status = 200;
  beforeAll(async () => {
    emu = await startProviderEmulator({
      profile: "openai",
      reply: () => (status === 200 ? { content: '{"answer":"yes","confidence":1}' } : { status }),
    });
  });
  afterAll(() => emu.close());

  test("errors carry OpenAI's body shape and headers", async () => {
    const unauthorized = await post(
      emu.url,
      "/chat/completions",
      { model: "gpt-4o", messages: [] },
      "sk-wrong",
    );
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await unauthorized.json()).toEqual({
      error: {
        message: "Incorrect API key provided.",
        type: "invalid_request_error",
        param: null,
        code: "invalid_api_key",
      },
    });
    const unknown = await post(emu.url, "/chat/completions", {
      model: "gpt-9",
      messages: [{ role: "user", content: "x" }],
    });
    expect([unknown.status, ((await unknown.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      "model_not_found",
    ]);
    status = 429;
    const limited = await post(emu.url, "/chat/completions", {
      model: "gpt-4o",
      messages: [{ role: "user", content: "x" }],
    });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "0"]);
    expect(((await limited.json()) as { error: { type: string } }).error.type).toBe("rate_limit_error");
    status = 503;
    const down = await post(emu.url, "/chat/completions", {
      model: "gpt-4o",
      messages: [{ role: "user", content: "x" }],
    });
    expect(((await down.json()) as { error: { type: string } }).error.type).toBe("server_error");
    status = 200;
  });

  test("capabilities: a chat model refuses embeddings and an embedding model refuses chat", async () => {
    const embedChat = await post(emu.url, "/embeddings", { model: "gpt-4o", input: ["x"] });
    expect(embedChat.status).toBe(400);
    const chatEmbed = await post(emu.url, "/chat/completions", {
      model: "text-embedding-3-small",
      messages: [{ role: "user", content: "x" }],
    });
    expect(chatEmbed.status).toBe(404);
    expect(emu.stats.embeddingsToChatModel).toBe(1);
    expect(emu.stats.chatToEmbeddingModel).toBe(1);
  });

  test("strict schemas are checked; JSON mode needs the word JSON; usage has OpenAI's fields", async () => {
    const loose = await post(emu.url, "/chat/completions", {
      model: "gpt-4o",
      messages: [{ role: "user", content: "x" }],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "s",
          strict: true,
          schema: { type: "object", properties: { a: { type: "string", default: "" } } },
        },
      },
    });
    expect(loose.status).toBe(400);
    expect(((await loose.json()) as { error: { message: string } }).error.message).toContain(
      "'default' is not permitted",
    );
    const noJsonWord = await post(emu.url, "/chat/completions", {
      model: "gpt-4o",
      messages: [{ role: "user", content: "answer" }],
      response_format: { type: "json_object" },
    });
    expect(noJsonWord.status).toBe(400);
    const ok = await post(emu.url, "/chat/completions", {
      model: "gpt-4o",
      messages: [{ role: "user", content: "x" }],
    });
    const body = (await ok.json()) as { usage: Record<string, unknown> };
    expect(Object.keys(body.usage).sort()).toEqual([
      "completion_tokens",
      "completion_tokens_details",
      "prompt_tokens",
      "prompt_tokens_details",
      "total_tokens",
    ]);
  });

  test("drflow waits out a 429 and succeeds; the failed attempt is a retry of one recorded call", async () => {
    let n = 0;
    const flaky = await startProviderEmulator({
      profile: "openai",
      reply: () => (n++ === 0 ? { status: 429, content: "Rate limit reached" } : { content: "OK" }),
    });
    try {
      const sink = new MemoryUsageSink();
      const m = createModel("openai:gpt-4o", {
        env: { OPENAI_API_KEY: "sk-emulator", OPENAI_BASE_URL: flaky.url },
        cache: null,
        usage: sink,
        sleep: async () => {},
      });
      expect((await m.chat({ messages: [{ role: "user", content: "hi" }], context: ctx })).text).toBe("OK");
      expect(sink.calls.map((c) => [c.retries, c.error])).toEqual([[1, null]]);
    } finally {
      await flaky.close();
    }
  });
});

describe("openrouter profile", () => {
  let emu: ProviderEmulator;
  beforeAll(async () => {
    emu = await startProviderEmulator({
      profile: "openrouter",
      reply: () => ({ content: '{"answer":"yes","confidence":1}' }),
    });
  });
  afterAll(() => emu.close());
  const model = (name: string, sink: MemoryUsageSink) =>
    createModel(`openrouter:${name}`, {
      env: { OPENROUTER_API_KEY: "sk-emulator", OPENROUTER_BASE_URL: emu.url },
      cache: null,
      usage: sink,
    });

  test("the cost OpenRouter reports in usage.cost is the call's cost, priced or not in drflow's table", async () => {
    const sink = new MemoryUsageSink();
    const r = await model("meta-llama/llama-3-8b-instruct", sink).chat({
      messages: [{ role: "user", content: "hi" }],
      context: ctx,
    });
    expect(r.usage.costKnown).toBeUndefined();
    const expected = (r.usage.inputTokens * 0.03 + r.usage.outputTokens * 0.06) / 1e6;
    expect(sink.calls[0]!.cost_usd).toBeCloseTo(expected, 12);
  });

  test("structured output only where the routed model supports it: drflow falls back and records the rejections", async () => {
    const sink = new MemoryUsageSink();
    const r = await model("meta-llama/llama-3-8b-instruct", sink).generateObject({
      messages: [{ role: "user", content: "Answer as JSON." }],
      schema: Answer,
      schemaName: "answer",
      context: ctx,
    });
    expect(r.object).toEqual({ answer: "yes", confidence: 1 });
    expect(sink.calls.map((c) => (c.error ? "rejected" : "ok"))).toEqual(["rejected", "rejected", "ok"]);
    expect(emu.stats.formatRejections).toBe(2);
    // A model with structured outputs takes the strict schema at once.
    const strict = new MemoryUsageSink();
    await model("anthropic/claude-opus-4.5", strict).generateObject({
      messages: [{ role: "user", content: "Answer as JSON." }],
      schema: Answer,
      schemaName: "answer",
      context: ctx,
    });
    expect(strict.calls.map((c) => c.error)).toEqual([null]);
    expect(emu.stats.strictRejections).toBe(0);
  });
});

describe("local profile", () => {
  test("a server without usage: tokens are counted and flagged as estimates; no key needed", async () => {
    const emu = await startProviderEmulator({
      profile: "local",
      usage: false,
      reply: () => ({ content: "OK" }),
    });
    try {
      const sink = new MemoryUsageSink();
      const m = createModel(`compat:${emu.url}#qwen2.5-7b`, { env: {}, cache: null, usage: sink });
      const r = await m.chat({ messages: [{ role: "user", content: "hello there" }], context: ctx });
      expect(r.usage.usageSource).toBe("estimate");
      expect(sink.calls[0]!.cost_usd).toBeNull();
      expect(emu.requests[0]!.headers.authorization).toBe("Bearer no-key");
    } finally {
      await emu.close();
    }
  });

  test("a chat template that rejects a late system message: drflow puts its instruction first", async () => {
    const emu = await startProviderEmulator({
      profile: "local",
      reply: () => ({ content: '{"answer":"y","confidence":0}' }),
    });
    try {
      const m = createModel(`compat:${emu.url}#llama-3-8b-grammarless?structured=prompt`, {
        env: {},
        cache: null,
      });
      await m.generateObject({
        messages: [{ role: "user", content: "q" }],
        schema: Answer,
        schemaName: "a",
        context: ctx,
      });
      expect(emu.stats.systemNotFirst).toBe(0);
      const late = await post(emu.url, "/chat/completions", {
        model: "qwen2.5-7b",
        messages: [
          { role: "user", content: "q" },
          { role: "system", content: "late" },
        ],
      });
      expect(late.status).toBe(400);
    } finally {
      await emu.close();
    }
  });
});
