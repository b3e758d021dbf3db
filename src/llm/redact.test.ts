import { expect, test } from "bun:test";
import { redactSecrets } from "./redact.ts";

test("credentials in URLs and key-shaped tokens are redacted; everything else is kept", () => {
  expect(redactSecrets("compat:http://user:s3cret-key@gw.example:8000/v1#m")).toBe(
    "compat:http://***@gw.example:8000/v1#m",
  );
  expect(redactSecrets("compat:https://gw.example/v1?api_key=abc123&api-version=2024-10-21#m")).toBe(
    "compat:https://gw.example/v1?api_key=***&api-version=2024-10-21#m",
  );
  expect(redactSecrets("compat:https://gw.example/v1?key=abc&token=t#m")).toBe(
    "compat:https://gw.example/v1?key=***&token=***#m",
  );
  expect(redactSecrets("401: Incorrect API key provided: sk-proj-abcdefghijklmnop")).toBe(
    "401: Incorrect API key provided: ***",
  );
  expect(redactSecrets("openai:gpt-4o")).toBe("openai:gpt-4o");
  expect(redactSecrets("compat:http://127.0.0.1:8000/v1#qwen2.5-7b")).toBe(
    "compat:http://127.0.0.1:8000/v1#qwen2.5-7b",
  );
});
