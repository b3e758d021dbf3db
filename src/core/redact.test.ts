import { expect, test } from "bun:test";
import { redactSecrets, redactValue, rememberSecret, rememberUrlSecrets } from "./redact.ts";

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

test("URLs of any scheme lose their passwords (a model endpoint its whole user info); a remembered secret is redacted wherever it appears", () => {
  expect(redactSecrets("postgres://drflow:db-pass-123@localhost:5433/drflow")).toBe(
    "postgres://drflow:***@localhost:5433/drflow",
  );
  // A database's user name is no secret; a model endpoint's user name alone is its key.
  expect(redactSecrets("postgres://drflow@localhost:5433/drflow")).toBe(
    "postgres://drflow@localhost:5433/drflow",
  );
  expect(redactSecrets("compat:http://KEY-abc@gw.example/v1#m")).toBe("compat:http://***@gw.example/v1#m");
  // Not key-shaped: only knowing it redacts a provider's echo of it.
  expect(redactSecrets("401 Incorrect API key provided: pw-plain-7788")).toContain("pw-plain-7788");
  rememberSecret("pw-plain-7788");
  expect(redactSecrets("401 Incorrect API key provided: pw-plain-7788")).toBe(
    "401 Incorrect API key provided: ***",
  );
  expect(redactSecrets("key=pw-plain-7788&x=1")).toBe("key=***&x=1");
  // A URL's credentials are remembered from the URL itself, encoded or not.
  rememberUrlSecrets("http://robert:p%40ss-word-9@host/v1?api_key=q-secret-42");
  // The user name beside a password is not a secret; a user name alone (the key) is.
  expect(redactSecrets("robert")).toBe("robert");
  rememberUrlSecrets("postgres://dbuser-77@127.0.0.1:5433/drflow");
  expect(redactSecrets("dbuser-77")).toBe("dbuser-77");
  rememberUrlSecrets("http://lonekey-123@host/v1");
  expect(redactSecrets("echo lonekey-123")).toBe("echo ***");
  expect(redactSecrets("echo: p@ss-word-9 / p%40ss-word-9 / q-secret-42")).toBe("echo: *** / *** / ***");
  // Short values and placeholders are never remembered (they would match ordinary text).
  rememberSecret("abc");
  rememberSecret("no-key");
  expect(redactSecrets("abc no-key")).toBe("abc no-key");
  // A remembered secret inside a longer one, remembered first, leaves nothing of the longer one in clear.
  rememberSecret("inner1");
  rememberSecret("outer-inner1-key");
  expect(redactSecrets("echo outer-inner1-key / inner1")).toBe("echo *** / ***");
  expect(redactValue({ a: ["pw-plain-7788", 3], b: { c: "ok" } })).toEqual({ a: ["***", 3], b: { c: "ok" } });
});
