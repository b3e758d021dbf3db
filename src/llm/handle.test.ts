import { expect, test } from "bun:test";
import { parseHandle } from "./handle.ts";

test("parses the three handle forms", () => {
  expect(parseHandle("openai:gpt-4o")).toEqual({
    handle: "openai:gpt-4o",
    provider: "openai",
    baseURL: "https://api.openai.com/v1",
    model: "gpt-4o",
    priceKey: "openai:gpt-4o",
    options: {},
    credential: null,
    query: {},
  });
  expect(parseHandle("openrouter:anthropic/claude-opus-4.5")).toMatchObject({
    provider: "openrouter",
    baseURL: "https://openrouter.ai/api/v1",
    model: "anthropic/claude-opus-4.5",
  });
  expect(parseHandle("compat:http://127.0.0.1:8000/v1/#qwen2.5-7b")).toMatchObject({
    provider: "compat",
    baseURL: "http://127.0.0.1:8000/v1",
    model: "qwen2.5-7b",
  });
});

test("rejects unknown providers and incomplete handles, quoting the accepted forms", () => {
  expect(() => parseHandle("anthropic:claude")).toThrow(
    'model handle "anthropic:claude": unknown provider; expected "openai:<model>"',
  );
  expect(() => parseHandle("gpt-4o")).toThrow("unknown provider");
  expect(() => parseHandle("openai:")).toThrow("empty model name");
  expect(() => parseHandle("compat:http://x/v1")).toThrow("compat:<base URL>#<model>");
  expect(() => parseHandle("compat:ftp://x#m")).toThrow("compat:<base URL>#<model>");
});

test("options after the model: structured mode and prices; bad options name the accepted ones", () => {
  const h = parseHandle(
    "compat:http://127.0.0.1:8000/v1#qwen?structured=json_object&input_per_1m=0.2&output_per_1m=0.6",
  );
  expect(h).toMatchObject({
    model: "qwen",
    priceKey: "compat:http://127.0.0.1:8000/v1#qwen",
    options: { structured: "json_object", input_per_1m: 0.2, output_per_1m: 0.6 },
  });
  expect(parseHandle("openrouter:meta-llama/llama-3-8b?structured=prompt").options.structured).toBe("prompt");
  expect(() => parseHandle("compat:http://h/v1#m?structured=xml")).toThrow("option structured");
  expect(() => parseHandle("compat:http://h/v1#m?colour=red")).toThrow("input_per_1m");
});

test("credentials in a compat URL become the key and never appear in the handle; query parameters are kept apart", () => {
  const h = parseHandle(
    "compat:https://user:sk-secret-123456@gw.example/openai/deployments/d?api-version=2024-10-21&api_key=k9#gpt-4o",
  );
  expect(h.credential).toBe("sk-secret-123456");
  expect(h.baseURL).toBe("https://gw.example/openai/deployments/d");
  expect(h.query).toEqual({ "api-version": "2024-10-21", api_key: "k9" });
  expect(h.handle).not.toContain("sk-secret");
  expect(h.handle).not.toContain("k9");
  expect(() => parseHandle("compat:http://u:sk-secret-123456@/v1")).toThrow();
});

test("OPENAI_BASE_URL and OPENROUTER_BASE_URL replace the default endpoints, as the SDKs do", () => {
  expect(parseHandle("openai:gpt-4o", { OPENAI_BASE_URL: "http://127.0.0.1:9/v1/" }).baseURL).toBe(
    "http://127.0.0.1:9/v1",
  );
  expect(parseHandle("openrouter:x/y", { OPENROUTER_BASE_URL: "http://proxy/api/v1" }).baseURL).toBe(
    "http://proxy/api/v1",
  );
  expect(parseHandle("openai:gpt-4o", {}).baseURL).toBe("https://api.openai.com/v1");
});
