import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { MemoryUsageSink } from "../../src/core/usage.ts";
import { LlmCache } from "../../src/llm/cache.ts";
import {
  CacheMissError,
  MissingKeyError,
  ProviderError,
  StructuredOutputError,
} from "../../src/llm/errors.ts";
import { createModel } from "../../src/llm/model.ts";
import { REPAIR_QUOTE_CHARS } from "../../src/llm/repair-quote.ts";
import { type ScriptedReply, type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

let server: ScriptedServer;
let dir: string;
let script: (index: number, body: { messages?: { role: string; content: string }[] }) => ScriptedReply;
const sleeps: number[] = [];
const sleep = async (ms: number) => {
  sleeps.push(ms);
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "drflow-llm-"));
  sleeps.length = 0;
  script = () => ({ content: "ok" });
  server = await startScriptedServer({ reply: (req, i) => script(i, req.body as never) });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const ctx = { stage: "test", role: "agent" as const, runId: "run-1" };
const Step = z.object({ title: z.string(), order: z.number().int() });

function model(options: Parameters<typeof createModel>[1] = {}) {
  return createModel(`compat:${server.url}#test-model`, {
    cache: join(dir, "cache.sqlite"),
    sleep,
    env: {},
    ...options,
  });
}

test("invalid JSON is repaired on a later attempt, the validation errors in the re-prompt", async () => {
  const replies = [
    "here you go: {title: broken",
    '```json\n{"title": "Submit", "order": "two"}\n```',
    '{"title": "Submit", "order": 2}',
  ];
  script = (i) => ({ content: replies[i]!, usage: { prompt_tokens: 100, completion_tokens: 10 } });
  const result = await model().generateObject({
    messages: [{ role: "user", content: "Give the step." }],
    schema: Step,
    schemaName: "Step",
    context: ctx,
  });
  expect(result.object).toEqual({ title: "Submit", order: 2 });
  expect(result.attempts).toBe(3);
  expect(result.usage.inputTokens).toBe(300);
  expect(server.requests).toHaveLength(3);
  const third = (server.requests[2]!.body as { messages: { role: string; content: string }[] }).messages;
  const reprompt = third.at(-1)!.content;
  expect(reprompt).toContain("Your answer was rejected (twice so far). Every one of these must hold at once");
  expect(reprompt).toContain("- the reply is not valid JSON");
  expect(reprompt).toContain("* $.order: Invalid input: expected number, received string");
  expect(third.at(-2)).toEqual({ role: "assistant", content: replies[1]! });
  // compat servers get the strict JSON-schema response format by default.
  const first = server.requests[0]!.body as { response_format: { json_schema: { strict: boolean } } };
  expect(first.response_format.json_schema.strict).toBe(true);
});

test("a 5 MB bad reply is quoted in the repair request as a bounded excerpt", async () => {
  const huge = `{"title": "${"x".repeat(5_000_000)}`;
  script = (i) => ({ content: i === 0 ? huge : '{"title": "Submit", "order": 2}' });
  const result = await model({ cacheMode: "off" }).generateObject({
    messages: [{ role: "user", content: "Give the step." }],
    schema: Step,
    schemaName: "Step",
    context: ctx,
  });
  expect(result.attempts).toBe(2);
  const repair = server.requests[1]!.body as { messages: { role: string; content: string }[] };
  const quoted = repair.messages.find((m) => m.role === "assistant")!.content;
  expect(quoted.length).toBeLessThan(REPAIR_QUOTE_CHARS + 100);
  expect(quoted).toContain("characters of this reply left out");
  expect(JSON.stringify(repair).length).toBeLessThan(20_000);
});

test("exhausted attempts throw with the last raw output and every problem", async () => {
  script = () => ({ content: '{"title": 5}' });
  const error = await model()
    .generateObject({
      messages: [{ role: "user", content: "x" }],
      schema: Step,
      schemaName: "Step",
      maxAttempts: 2,
      context: ctx,
    })
    .catch((e) => e);
  expect(error).toBeInstanceOf(StructuredOutputError);
  expect(error.lastRaw).toBe('{"title": 5}');
  expect(error.problems).toEqual([
    "$.title: Invalid input: expected string, received number",
    "$.order: Invalid input: expected number, received undefined",
  ]);
  expect(server.requests).toHaveLength(2);
});

test("429 with Retry-After is waited out; 5xx and truncated bodies are retried", async () => {
  const replies: ScriptedReply[] = [
    { status: 429, headers: { "retry-after": "3" }, content: "rate limited" },
    { status: 500 },
    { content: "partial", truncate: true },
    { content: "finally" },
  ];
  script = (i) => replies[i]!;
  const result = await model({ random: () => 0.5, retry: { baseDelayMs: 100 } }).chat({
    messages: [{ role: "user", content: "q" }],
    context: ctx,
  });
  expect(result.text).toBe("finally");
  expect(server.requests).toHaveLength(4);
  expect(sleeps[0]).toBe(3000);
  expect(sleeps.slice(1)).toEqual([150, 300]);
});

test("non-retryable 4xx fails at once with the provider's message", async () => {
  script = () => ({ status: 400, content: "Unsupported value: 'temperature'" });
  const error = await model()
    .chat({ messages: [{ role: "user", content: "q" }], temperature: 0, context: ctx })
    .catch((e) => e);
  expect(error).toBeInstanceOf(ProviderError);
  expect(error.message).toContain("Unsupported value: 'temperature'");
  expect(error.message).toContain("HTTP 400");
  expect(server.requests).toHaveLength(1);
  expect(sleeps).toEqual([]);
});

test("a request timeout is retried", async () => {
  script = (i) => (i === 0 ? { content: "late", delayMs: 1500 } : { content: "on time" });
  const result = await model({ timeoutMs: 300 }).chat({
    messages: [{ role: "user", content: "q" }],
    context: ctx,
  });
  expect(result.text).toBe("on time");
  expect(sleeps).toHaveLength(1);
});

test("a second identical run makes zero HTTP requests and reports the same tokens and cost", async () => {
  script = () => ({
    content: '{"title":"A","order":1}',
    usage: { prompt_tokens: 1234, completion_tokens: 56 },
  });
  const prices = {
    as_of: "test",
    reference: { handle: "paper:x", input_per_1m: 1, output_per_1m: 1, source: "test" },
    models: { [`compat:${server.url}#test-model`]: { input_per_1m: 2, output_per_1m: 10, roles: [] } },
  };
  const run = async () => {
    const sink = new MemoryUsageSink();
    const m = model({ usage: sink, prices });
    const obj = await m.generateObject({
      messages: [{ role: "user", content: "s" }],
      schema: Step,
      schemaName: "Step",
      context: ctx,
    });
    const chat = await m.chat({
      messages: [{ role: "user", content: "hello" }],
      temperature: 0,
      seed: 7,
      context: ctx,
    });
    const vectors = await m.embed(["alpha", "beta"], { stage: "index", role: "embedder" });
    return { obj, chat, vectors, sink };
  };
  const first = await run();
  const requestsAfterFirst = server.requests.length;
  expect(requestsAfterFirst).toBe(3);
  const second = await run();
  expect(server.requests.length).toBe(requestsAfterFirst);
  expect(second.obj.object).toEqual(first.obj.object);
  expect(second.vectors).toEqual(first.vectors);
  for (const [a, b] of [
    [first.obj.usage, second.obj.usage],
    [first.chat.usage, second.chat.usage],
  ] as const) {
    expect(b.inputTokens).toBe(a.inputTokens);
    expect(b.outputTokens).toBe(a.outputTokens);
    expect(b.costUsd).toBe(a.costUsd);
    expect(a.cached).toBe(false);
    expect(b.cached).toBe(true);
  }
  expect(first.chat.usage.costUsd).toBeCloseTo((1234 * 2 + 56 * 10) / 1e6, 12);
  expect(second.sink.calls.map((c) => c.cached)).toEqual([true, true, true]);
  expect(second.sink.calls.map((c) => c.cost_usd)).toEqual(first.sink.calls.map((c) => c.cost_usd));
});

test("replay fails fast on a miss, naming the prompt; the repeat index is part of the key", async () => {
  const cache = new LlmCache(join(dir, "cache.sqlite"));
  await model({ cache }).chat({ messages: [{ role: "user", content: "recorded prompt" }], context: ctx });
  const replay = model({ cache, cacheMode: "replay" });
  const hit = await replay.chat({ messages: [{ role: "user", content: "recorded prompt" }], context: ctx });
  expect(hit.usage.cached).toBe(true);
  const error = await replay
    .chat({ messages: [{ role: "user", content: "recorded prompt" }], context: { ...ctx, repeat: 1 } })
    .catch((e) => e);
  expect(error).toBeInstanceOf(CacheMissError);
  expect(error.message).toContain('prompt: "recorded prompt"');
  expect(server.requests).toHaveLength(1);
  const explained = cache.explain();
  expect(explained.nearest?.differing.map((d) => d.part)).toEqual(["repeat"]);
});

test("a repaired exchange replays turn by turn; use mode never serves the rejected first reply as good", async () => {
  const cache = new LlmCache(join(dir, "cache.sqlite"));
  const replies = ['{"title": "Submit"}', '{"title": "Submit", "order": 2}'];
  script = (i) => ({ content: replies[Math.min(i, 1)]! });
  const ask = (m: ReturnType<typeof model>) =>
    m.generateObject({
      messages: [{ role: "user", content: "Give the step." }],
      schema: Step,
      schemaName: "Step",
      context: ctx,
    });
  const live = await ask(model({ cache }));
  expect(live.attempts).toBe(2);
  expect(server.requests).toHaveLength(2);
  // Replay: both turns from the cache, the rejected first reply included, and the same result.
  const sink = new MemoryUsageSink();
  const replayed = await ask(model({ cache, cacheMode: "replay", usage: sink }));
  expect(replayed.object).toEqual({ title: "Submit", order: 2 });
  expect(replayed.attempts).toBe(2);
  expect(server.requests).toHaveLength(2);
  expect(sink.calls.map((c) => [c.cached, c.error?.startsWith("reply rejected: ") ?? false])).toEqual([
    [true, true],
    [true, false],
  ]);
  // Use: the rejected reply is fetched again (this time the model answers well at once).
  script = () => ({ content: replies[1]! });
  const again = await ask(model({ cache }));
  expect(again.attempts).toBe(1);
  expect(server.requests).toHaveLength(3);
});

test("a report cut off at the token limit replays as cut off", async () => {
  const cache = new LlmCache(join(dir, "cache.sqlite"));
  script = () => ({
    json: {
      choices: [
        { index: 0, message: { role: "assistant", content: "# Report\n1. Sub" }, finish_reason: "length" },
      ],
    },
  });
  const first = await model({ cache }).chat({
    messages: [{ role: "user", content: "report" }],
    context: ctx,
  });
  const replayed = await model({ cache, cacheMode: "replay" }).chat({
    messages: [{ role: "user", content: "report" }],
    context: ctx,
  });
  expect([first.finishReason, replayed.finishReason]).toEqual(["length", "length"]);
  expect(server.requests).toHaveLength(1);
});

test("errors are never cached and keys are never stored", async () => {
  const cache = new LlmCache(join(dir, "cache.sqlite"));
  script = (i) => (i === 0 ? { status: 400, content: "bad" } : { content: "good" });
  const m = model({
    cache,
    env: { DRFLOW_COMPAT_API_KEY: "sk-secret-123", DRFLOW_COMPAT_BASE_URL: server.url },
  });
  await m.chat({ messages: [{ role: "user", content: "q" }], context: ctx }).catch(() => null);
  expect(cache.stats().entries).toBe(0);
  await m.chat({ messages: [{ role: "user", content: "q" }], context: ctx });
  expect(cache.stats().entries).toBe(1);
  expect(server.requests[1]!.headers.authorization).toBe("Bearer sk-secret-123");
  const dump = cache.db.query("SELECT * FROM entries").all();
  expect(JSON.stringify(dump)).not.toContain("sk-secret-123");
});

test("the compat key goes only to the configured compat base URL, never to another URL a handle names", async () => {
  const elsewhere = {
    DRFLOW_COMPAT_API_KEY: "sk-secret-123",
    DRFLOW_COMPAT_BASE_URL: "http://10.9.9.9:8000/v1",
  };
  await model({ cache: null, env: elsewhere }).chat({
    messages: [{ role: "user", content: "q" }],
    context: ctx,
  });
  await model({ cache: null, env: { DRFLOW_COMPAT_API_KEY: "sk-secret-123" } }).chat({
    messages: [{ role: "user", content: "q" }],
    context: ctx,
  });
  const sent = server.requests.map((r) => r.headers.authorization);
  expect(sent).toHaveLength(2);
  expect(JSON.stringify(sent)).not.toContain("sk-secret-123");
  await model({ cache: null, env: { ...elsewhere, DRFLOW_COMPAT_BASE_URL: `${server.url}/` } }).chat({
    messages: [{ role: "user", content: "q" }],
    context: ctx,
  });
  expect(server.requests[2]!.headers.authorization).toBe("Bearer sk-secret-123");
});

test("a missing key names the variable to set", () => {
  expect(() => createModel("openai:gpt-4o", { env: {}, cache: null })).toThrow(MissingKeyError);
  expect(() => createModel("openai:gpt-4o", { env: {}, cache: null })).toThrow("OPENAI_API_KEY");
  expect(() => createModel("openrouter:deepseek/deepseek-v3.2", { env: {}, cache: null })).toThrow(
    "OPENROUTER_API_KEY",
  );
  // A role's model also says which variable picks another model for that role (a user with only a local server).
  const local = createModel("compat:http://127.0.0.1:9/v1#m", { env: {}, cache: null });
  expect(() => local.forRole!("embedder")).toThrow(
    'model "openai:text-embedding-3-small" needs an API key: set the environment variable OPENAI_API_KEY (or name another embedder model with DRFLOW_EMBEDDER_MODEL)',
  );
  // A model the user named with a flag: the hint names the flag, not the variable the flag overrode.
  expect(() =>
    createModel("openai:gpt-4o", { env: {}, cache: null, role: "agent", namedBy: "--model" }),
  ).toThrow(
    'model "openai:gpt-4o" needs an API key: set the environment variable OPENAI_API_KEY (or name another agent model with --model)',
  );
});

test("refresh re-fetches and overwrites; off neither reads nor writes", async () => {
  const cache = new LlmCache(join(dir, "cache.sqlite"));
  script = (i) => ({ content: `v${i}` });
  const ask = (mode: "use" | "refresh" | "off") =>
    model({ cache, cacheMode: mode }).chat({ messages: [{ role: "user", content: "q" }], context: ctx });
  expect((await ask("use")).text).toBe("v0");
  expect((await ask("use")).text).toBe("v0");
  expect((await ask("refresh")).text).toBe("v1");
  expect((await ask("use")).text).toBe("v1");
  expect((await ask("off")).text).toBe("v2");
  expect((await ask("use")).text).toBe("v1");
  expect(server.requests).toHaveLength(3);
});

test("requests to one endpoint never exceed the concurrency limit", async () => {
  let inFlight = 0;
  let peak = 0;
  await server.close();
  server = await startScriptedServer({
    reply: async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await Bun.sleep(30);
      inFlight--;
      return { content: "ok" };
    },
  });
  const m = model({ cache: null, concurrency: 2 });
  await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      m.chat({ messages: [{ role: "user", content: `q${i}` }], context: ctx }),
    ),
  );
  expect(server.requests).toHaveLength(6);
  expect(peak).toBe(2);
});

test("json_schema mode sends the zod schema as a JSON-schema response format", async () => {
  script = () => ({ content: '{"title":"T","order":3}' });
  const result = await model({ structured: "json_schema" }).generateObject({
    messages: [{ role: "user", content: "s" }],
    schema: Step,
    schemaName: "Step",
    context: ctx,
  });
  expect(result.object).toEqual({ title: "T", order: 3 });
  const body = server.requests[0]!.body as {
    response_format: { type: string; json_schema: { name: string; schema: { required: string[] } } };
    messages: unknown[];
  };
  expect(body.response_format.type).toBe("json_schema");
  expect(body.response_format.json_schema.name).toBe("Step");
  expect(body.response_format.json_schema.schema.required).toEqual(["title", "order"]);
  expect(body.messages).toHaveLength(1);
});

test("without provider usage, tokens are counted with o200k and flagged as an estimate", async () => {
  script = () => ({
    json: {
      id: "x",
      object: "chat.completion",
      created: 1,
      model: "m",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "The quick brown fox jumps over the lazy dog." },
          finish_reason: "stop",
        },
      ],
    },
  });
  const sink = new MemoryUsageSink();
  const result = await model({ usage: sink }).chat({
    messages: [{ role: "user", content: "hello world" }],
    context: ctx,
  });
  expect(result.usage.outputTokens).toBe(10);
  expect(result.usage.usageSource).toBe("estimate");
  expect(sink.calls[0]!.usage_source).toBe("estimate");
});

test("a provider that rejects the response formats falls back json_schema → json_object → prompt, each rejection in usage", async () => {
  script = (_i, body) => {
    const format = (body as { response_format?: { type: string } }).response_format;
    return format
      ? { status: 400, content: `response_format ${format.type} is not supported by this backend` }
      : { content: 'Sure: {"title":"T","order":1}' };
  };
  const sink = new MemoryUsageSink();
  const m = model({ structured: "json_schema", usage: sink });
  const ask = () =>
    m.generateObject({
      messages: [{ role: "user", content: "s" }],
      schema: Step,
      schemaName: "Step",
      context: ctx,
    });
  expect((await ask()).object).toEqual({ title: "T", order: 1 });
  const formats = server.requests.map(
    (r) => (r.body as { response_format?: { type: string } }).response_format?.type ?? "none",
  );
  expect(formats).toEqual(["json_schema", "json_object", "none"]);
  // Prompt mode: the schema instruction comes first, as a system message.
  const last = (server.requests[2]!.body as { messages: { role: string; content: string }[] }).messages;
  expect(last.map((x) => x.role)).toEqual(["system", "user"]);
  expect(sink.calls.map((c) => c.error)).toEqual([
    expect.stringContaining("HTTP 400"),
    expect.stringContaining("HTTP 400"),
    null,
  ]);
  await ask();
  expect(server.requests).toHaveLength(3);
});
