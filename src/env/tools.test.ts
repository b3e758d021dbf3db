import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { SessionIndex } from "../retrieval/index.ts";
import { loadTask } from "../store/task-store.ts";
import { loadEnv } from "./load.ts";
import { envTools, type Tool, toolSchemas, WEB_UNAVAILABLE } from "./tools.ts";
import type { Env } from "./types.ts";

let env: Env;
let session: SessionIndex;
let tools: Record<string, Tool>;
beforeAll(async () => {
  env = await loadEnv(await loadTask(join(import.meta.dir, "../../test/fixtures/env"), "mini/mini_01"), {
    split: "original",
  });
  session = await SessionIndex.open();
  tools = Object.fromEntries(envTools(env, { session }).map((t) => [t.name, t]));
});
afterAll(async () => {
  await env.close();
  await session.close();
});

test("enterprise_search returns hits with source metadata and honours services", async () => {
  const out = await tools.enterprise_search!.call({ query: "Spanish consent visit", services: ["email"] });
  expect(out.kind).toBe("hits");
  if (out.kind !== "hits") return;
  expect(out.hits[0]).toMatchObject({
    id: "doc-a06c526f7b14",
    app: "email",
    subject: "Alvarez visit on Thursday",
  });
  expect(out.hits.every((h) => h.app === "email")).toBe(true);
});

test("local_document_search covers drive and files only", async () => {
  const out = await tools.local_document_search!.call({
    query: "interpreter language desk parking",
    top_k: 10,
  });
  if (out.kind !== "hits") throw new Error("expected hits");
  expect(out.hits.length).toBeGreaterThan(0);
  expect(out.hits.every((h) => h.app === "drive" || h.app === "files")).toBe(true);
});

test("read_document and list_documents", async () => {
  const doc = await tools.read_document!.call({ id: "doc-3289506b5f71" });
  expect(doc.kind === "document" && doc.document.text).toContain("certified medical interpreters");
  await expect(tools.read_document!.call({ id: "nope" })).rejects.toThrow(/no document with id "nope"/);
  const listed = await tools.list_documents!.call({ app: "chat" });
  expect(listed).toEqual({
    kind: "documents",
    documents: [
      expect.objectContaining({
        id: "doc-ddebd2a1b86d",
        app: "chat",
        channel: "Scheduling",
        path: "chat/scheduling.json",
      }),
    ],
  });
});

test("web_search says plainly that it is unavailable offline", async () => {
  expect(await tools.web_search!.call({ query: "interpreter rules" })).toEqual({
    kind: "unavailable",
    message: WEB_UNAVAILABLE,
  });
});

test("inputs are validated with errors naming the field", async () => {
  await expect(tools.local_document_search!.call({ query: "", top_k: 5 })).rejects.toThrow(
    /local_document_search: invalid input: query/,
  );
  await expect(tools.enterprise_search!.call({ query: "x", services: ["slack"] })).rejects.toThrow(
    /services\.0/,
  );
});

test("findings go into the session index and come back by search", async () => {
  const rec = await tools.record_finding!.call({
    text: "Book the Spanish interpreter 48 hours ahead",
    sources: ["doc-3289506b5f71"],
  });
  expect(rec).toEqual({ kind: "recorded", id: "finding_1" });
  const found = await tools.search_findings!.call({ query: "Spanish interpreter" });
  expect(found.kind === "findings" && found.findings[0]?.sources).toEqual(["doc-3289506b5f71"]);
});

test("tool schemas are JSON schema for function calling", () => {
  const [first] = toolSchemas(envTools(env));
  expect(first?.function.name).toBe("enterprise_search");
  expect(first?.function.parameters).toMatchObject({ type: "object", required: ["query"] });
});
