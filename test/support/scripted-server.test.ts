import { afterEach, expect, test } from "bun:test";
import { deterministicVector, type ScriptedServer, startScriptedServer } from "./scripted-server.ts";

let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

test("wraps scripted content into a chat.completion and records the request", async () => {
  server = await startScriptedServer({
    reply: (_req, i) => ({ content: `answer ${i}`, usage: { prompt_tokens: 7, completion_tokens: 2 } }),
  });
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  const res = await post(`${server.url}/chat/completions`, {
    model: "m",
    messages: [{ role: "user", content: "hi" }],
  });
  const body = (await res.json()) as {
    choices: { message: { content: string } }[];
    usage: { total_tokens: number };
  };
  expect(body.choices[0]!.message.content).toBe("answer 0");
  expect(body.usage.total_tokens).toBe(9);
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0]!.path).toBe("/v1/chat/completions");
  expect((server.requests[0]!.body as { model: string }).model).toBe("m");
});

test("embeddings are deterministic unit vectors unless scripted", async () => {
  server = await startScriptedServer();
  const res = await post(`${server.url}/embeddings`, { model: "e", input: ["a", "b"] });
  const body = (await res.json()) as { data: { embedding: number[]; index: number }[] };
  expect(body.data.map((d) => d.embedding)).toEqual([
    deterministicVector("a", 8),
    deterministicVector("b", 8),
  ]);
  const norm = Math.hypot(...body.data[0]!.embedding);
  expect(norm).toBeCloseTo(1, 6);
});

test("injects status codes with headers, raw invalid JSON bodies, and truncated bodies", async () => {
  const replies = [
    { status: 429, headers: { "retry-after": "2" }, content: "slow down" },
    { body: "{not json" },
    { content: "complete answer that will be cut", truncate: true },
  ];
  server = await startScriptedServer({ reply: (_req, i) => replies[i]! });
  const limited = await post(`${server.url}/chat/completions`, {});
  expect(limited.status).toBe(429);
  expect(limited.headers.get("retry-after")).toBe("2");
  expect(((await limited.json()) as { error: { message: string } }).error.message).toBe("slow down");
  const invalid = await post(`${server.url}/chat/completions`, {});
  expect(await invalid.text()).toBe("{not json");
  const truncated = await post(`${server.url}/chat/completions`, {});
  const text = await truncated.text();
  expect(text.length).toBeGreaterThan(10);
  expect(() => JSON.parse(text)).toThrow();
});
