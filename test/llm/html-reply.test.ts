/**
 * A model endpoint that answers with an HTML page (a proxy's sign-in page, a wrong base URL) is named as such — its
 * content type, status and title — never read as a reply with no content ("the reply is empty"), and not retried.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createModel } from "../../src/llm/index.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

const PAGE =
  "<!DOCTYPE html><html><head><title>Sign in - Gateway</title></head><body><form></form></body></html>";
let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer({
    reply: () => ({ body: PAGE, headers: { "content-type": "text/html; charset=utf-8" } }),
  });
});
afterAll(() => server.close());

test("an HTML reply to a chat or embeddings request is an error naming the page, sent once", async () => {
  const model = createModel(`compat:${server.url}#m`, { cache: null, env: {} });
  const chat = model.chat({
    messages: [{ role: "user", content: "hi" }],
    context: { stage: "s", role: "agent" },
  });
  await expect(chat).rejects.toThrow(
    /chat \(not retryable\): expected an OpenAI-compatible JSON reply, got an HTML page \(text\/html, HTTP 200\) titled "Sign in - Gateway"; is the endpoint's base URL right/,
  );
  await expect(chat).rejects.not.toThrow(/empty/);
  expect(server.requests).toHaveLength(1);
  const embed = model.embed(["a"], { stage: "s", role: "embedder" });
  await expect(embed).rejects.toThrow(
    /embeddings \(not retryable\): expected an OpenAI-compatible JSON reply, got an HTML page/,
  );
  expect(server.requests).toHaveLength(2);
});
