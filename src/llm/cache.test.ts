import { afterEach, beforeEach, expect, setDefaultTimeout, test } from "bun:test";
import { describeBackends } from "../../test/support/backends.ts";
import { type ScriptedServer, startScriptedServer } from "../../test/support/scripted-server.ts";
import { type CachedResponse, LlmCache, MISSES_KEPT, sharedCache } from "./cache.ts";
import type { KeyParts } from "./cache-key.ts";
import { createModel } from "./model.ts";

// Each Postgres test creates a database and spawns a connection worker; a loaded machine takes seconds.
setDefaultTimeout(60_000);

const parts = (content: string, extra: Partial<KeyParts> = {}): KeyParts => ({
  provider: "openai",
  base_url: "https://api.openai.com/v1",
  model: "gpt-4o",
  kind: "chat",
  messages: [{ role: "user", content }],
  parameters: { temperature: 0 },
  schema: null,
  tools: null,
  repeat: 0,
  ...extra,
});

const answer = (text: string): CachedResponse => ({
  text,
  embeddings: null,
  input_tokens: 12,
  output_tokens: 3,
  usage_source: "provider",
  cost_usd: 0.0001,
  rejected: null,
  finish_reason: null,
});

describeBackends("model-call cache", (fresh, dialect) => {
  let location: string;
  let cache: LlmCache;
  beforeEach(async () => {
    location = await fresh("cache");
    cache = new LlmCache(location);
  });
  afterEach(() => cache.close());

  test("an entry round-trips by key; the same key is replaced; another process's cache reads it", () => {
    const key = cache.put(parts("hello"), "openai:gpt-4o", answer("first"));
    expect(cache.get(key)).toEqual(answer("first"));
    cache.put(parts("hello"), "openai:gpt-4o", answer("second"));
    expect(cache.get(key)?.text).toBe("second");
    expect(cache.get("0".repeat(64))).toBeNull();
    const other = new LlmCache(location);
    try {
      expect(other.get(key)?.text).toBe("second");
      expect(other.stats()).toEqual({
        entries: 1,
        misses: 0,
        byHandle: [{ handle: "openai:gpt-4o", entries: 1 }],
      });
    } finally {
      other.close();
    }
  });

  test("explain finds the nearest entry of a recorded miss and names the differing parts", () => {
    cache.put(parts("a", { repeat: 0 }), "openai:gpt-4o", answer("a"));
    cache.put(parts("quite different", { model: "gpt-4o-mini" }), "openai:gpt-4o-mini", answer("b"));
    const missed = parts("a", { repeat: 1 });
    cache.recordMiss(missed, "openai:gpt-4o", "replay");
    const explained = cache.explain();
    expect(explained.miss).toMatchObject({ key: cache.key(missed), prompt: "a" });
    expect(explained.nearest?.differing.map((d) => d.part)).toEqual(["repeat"]);
    expect(cache.explain(cache.key(missed).slice(0, 8)).miss.key).toBe(cache.key(missed));
    expect(() => cache.explain("ffff0000")).toThrow(/no recorded miss with key "ffff0000"/);
    expect(cache.misses().map((m) => m.mode)).toEqual(["replay"]);
  });

  test(`only the latest ${MISSES_KEPT} misses are kept, newest first; clear empties both tables`, () => {
    cache.db.transaction(() => {
      for (let i = 0; i < MISSES_KEPT + 5; i++) cache.recordMiss(parts(`q${i}`), "h", "use");
    });
    expect(cache.stats().misses).toBe(MISSES_KEPT);
    expect(cache.misses(2).map((m) => m.prompt)).toEqual([`q${MISSES_KEPT + 4}`, `q${MISSES_KEPT + 3}`]);
    cache.put(parts("x"), "h", answer("x"));
    cache.clear();
    expect(cache.stats()).toEqual({ entries: 0, misses: 0, byHandle: [] });
  });

  test("a store from a newer drflow is refused", () => {
    if (dialect === "sqlite") cache.db.exec("PRAGMA user_version = 99");
    else cache.db.run("UPDATE drflow_schema SET version = 99 WHERE part = 'cache'");
    expect(() => new LlmCache(location)).toThrow(/cache .+: schema version 99 is newer than this drflow/);
  });

  test("two machines' models share answers: the second makes no request and reports the same usage", async () => {
    let server: ScriptedServer | null = null;
    try {
      server = await startScriptedServer({
        reply: () => ({ content: "shared answer", usage: { prompt_tokens: 40, completion_tokens: 4 } }),
      });
      const ask = async (c: LlmCache) =>
        createModel(`compat:${server!.url}#test-model`, { cache: c, env: {} }).chat({
          messages: [{ role: "user", content: "q" }],
          context: { stage: "test", role: "agent" },
        });
      const first = await ask(cache);
      const other = new LlmCache(location);
      try {
        const second = await ask(other);
        expect(server.requests).toHaveLength(1);
        expect(second.text).toBe("shared answer");
        expect(second.usage.cached).toBe(true);
        expect(second.usage.inputTokens).toBe(first.usage.inputTokens);
      } finally {
        other.close();
      }
    } finally {
      await server?.close();
    }
  });

  test("sharedCache opens one cache per location in a process", () => {
    const a = sharedCache(location);
    try {
      expect(sharedCache(location)).toBe(a);
    } finally {
      a.close();
    }
  });
});
