import { expect, test } from "bun:test";
import { parseHandle } from "./handle.ts";

test("parses the three handle forms", () => {
  expect(parseHandle("openai:gpt-4o")).toEqual({
    handle: "openai:gpt-4o",
    provider: "openai",
    baseURL: "https://api.openai.com/v1",
    model: "gpt-4o",
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
