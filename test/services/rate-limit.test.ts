/** Two worker processes share one provider limit through PostgreSQL, against the scripted model server. */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { estimateTokens, limitKey, rateLimitedFetch, SharedRateLimit } from "../../src/llm/rate-limit.ts";
import { describePostgres } from "../support/postgres.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

setDefaultTimeout(120_000);

test("the limit key hashes endpoint and credential; token estimates count the body and max_tokens", () => {
  const a = new Request("http://h:1/v1/chat/completions", {
    headers: { authorization: "Bearer sk-secret-1" },
  });
  const b = new Request("http://h:1/v1/embeddings", { headers: { authorization: "Bearer sk-secret-1" } });
  const c = new Request("http://h:1/v1/chat/completions", {
    headers: { authorization: "Bearer sk-secret-2" },
  });
  expect(limitKey(a)).toBe(limitKey(b));
  expect(limitKey(a)).not.toBe(limitKey(c));
  expect(limitKey(a)).not.toContain("secret");
  expect(estimateTokens(JSON.stringify({ max_tokens: 100, messages: ["x".repeat(400)] }))).toBeGreaterThan(
    200,
  );
});

describePostgres("shared provider rate limit on PostgreSQL", (database) => {
  let server: ScriptedServer;
  const seen: number[] = [];
  let status429 = false;
  beforeAll(async () => {
    server = await startScriptedServer({
      reply: () => {
        seen.push(Date.now());
        if (status429) {
          status429 = false;
          return { status: 429, headers: { "retry-after": "2" }, json: { error: { message: "slow down" } } };
        }
        return { content: "ok", usage: { prompt_tokens: 10, completion_tokens: 2 } };
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("two processes under 4 requests per 1 s window: the server never sees more in any window", async () => {
    const url = await database();
    const windowMs = 1000;
    seen.length = 0;
    const caller = join(import.meta.dir, "../support/limited-caller.ts");
    const procs = [1, 2].map(() =>
      Bun.spawn(["bun", caller, url, server.url, "6", "4", String(windowMs)], {
        stderr: "pipe",
        stdout: "ignore",
      }),
    );
    const codes = await Promise.all(procs.map((p) => p.exited));
    expect(codes).toEqual([0, 0]);
    expect(seen.length).toBe(12);
    // Any window holds at most 4 requests (a small allowance for the server's clock vs the database's).
    for (const t of seen)
      expect(seen.filter((u) => u >= t && u < t + windowMs - 50).length).toBeLessThanOrEqual(4);
    // 12 requests at 4 per window need at least two full windows.
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThanOrEqual(2 * windowMs - 100);
  });

  test("a 429 with Retry-After holds every caller on the key until it passes", async () => {
    const url = await database();
    // Two workers: separate connections, one database.
    const limit = await SharedRateLimit.open(url, { requestsPerMinute: 100 });
    const other = await SharedRateLimit.open(url, { requestsPerMinute: 100 });
    seen.length = 0;
    status429 = true;
    const first = await rateLimitedFetch(limit)(`${server.url}/chat/completions`, {
      method: "POST",
      body: "{}",
      headers: { authorization: "Bearer k" },
    });
    expect(first.status).toBe(429);
    const started = Date.now();
    const second = await rateLimitedFetch(other)(`${server.url}/chat/completions`, {
      method: "POST",
      body: "{}",
      headers: { authorization: "Bearer k" },
    });
    expect(second.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    await limit.close();
    await other.close();
  });
});
