/**
 * `drflow models check <handle>` against the provider emulator: the capability table, the structured mode drflow
 * will use (the next one when a server refuses json_schema), embeddings, usage and price.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { drflow } from "../support/cli.ts";
import { type ProviderEmulator, startProviderEmulator } from "../support/provider-emulator.ts";

let emulator: ProviderEmulator;
const saved = { embedder: process.env.DRFLOW_EMBEDDER_MODEL, key: process.env.OPENAI_API_KEY };

beforeAll(async () => {
  emulator = await startProviderEmulator({
    profile: "local",
    reply: () => ({ content: '{"answer": "yes", "confidence": 0.9}' }),
  });
  delete process.env.OPENAI_API_KEY;
  process.env.DRFLOW_EMBEDDER_MODEL = `compat:${emulator.url}#nomic-embed-text`;
});
afterAll(async () => {
  if (saved.embedder === undefined) delete process.env.DRFLOW_EMBEDDER_MODEL;
  else process.env.DRFLOW_EMBEDDER_MODEL = saved.embedder;
  if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
  await emulator.close();
});

const row = (out: string, probe: string) => out.split("\n").find((l) => l.startsWith(probe)) ?? "";

test("a server with every mode: the capability table, strict json_schema chosen, unpriced until priced", async () => {
  const handle = `compat:${emulator.url}#qwen2.5-7b`;
  const { code, out } = await drflow("models", "check", handle);
  expect(code).toBe(0);
  expect(out).toContain("probe");
  expect(row(out, "chat")).toMatch(/chat\s+ok\s+"\{"answer/);
  expect(row(out, "structured json_schema (strict)")).toMatch(/\bok\b.*\{"answer":"yes","confidence":0\.9\}/);
  expect(row(out, "structured json_object")).toMatch(/\bok\b/);
  expect(row(out, "structured prompt")).toMatch(/\bok\b/);
  // The chat model cannot embed; the embedder role can.
  expect(row(out, "embeddings (this handle)")).toMatch(/FAILED.*does not support embeddings/);
  expect(row(out, "embeddings (embedder role")).toMatch(/\bok\s+16 dimensions/);
  expect(out).toContain(`drflow will ask ${handle} for structure with: json_schema (strict)`);
  expect(out).toContain("price: unpriced — give one on the handle");
  expect(out).toMatch(/1K calls like the chat probe \(\d+ in \/ \d+ out tokens, provider usage\): unpriced/);
  // The probe went through the real code path: a strict json_schema request reached the server.
  const strict = emulator.requests.filter(
    (r) =>
      (r.body as { response_format?: { json_schema?: { strict?: boolean } } }).response_format?.json_schema
        ?.strict,
  );
  expect(strict.length).toBeGreaterThan(0);
  expect(emulator.stats.strictRejections).toBe(0);
});

test("a server that refuses json_schema: drflow picks json_object and says how to skip the failing mode; prices on the handle", async () => {
  const handle = `compat:${emulator.url}#llama-3-8b-grammarless?input_per_1m=0.2&output_per_1m=0.6`;
  const { code, out } = await drflow("models", "check", handle);
  expect(code).toBe(0);
  expect(row(out, "structured json_schema (strict)")).toMatch(
    /FAILED.*HTTP 400.*response_format json_schema is not supported/,
  );
  expect(row(out, "structured json_object")).toMatch(/\bok\b/);
  expect(out).toContain("for structure with: json_object");
  expect(out).toContain("add ?structured=json_object to the handle");
  expect(out).toContain("price: $0.2 in / $0.6 out per 1M tokens");
  expect(out).toMatch(/1K calls like the chat probe .*: \$\d+\.\d{4}/);
});

test("an endpoint that is down fails the check with the reason, exit 1", async () => {
  const { code, out } = await drflow("models", "check", "compat:http://127.0.0.1:9/v1#nothing");
  expect(code).toBe(1);
  expect(row(out, "chat")).toMatch(/FAILED/);
  expect(out).toContain("no structured mode worked");
});
