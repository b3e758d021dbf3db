import { afterAll, beforeAll, expect, test } from "bun:test";
import { type ScriptedServer, startScriptedServer } from "../../../test/support/scripted-server.ts";
import { createModel } from "../../llm/index.ts";
import { HybridIndex } from "../hybrid.ts";
import { embedderFor } from "./index.ts";
import { modelEmbedder } from "./model.ts";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer({ embeddingDim: 16 });
});
afterAll(() => server.close());

test("the model embedder calls the embeddings endpoint over HTTP in batches and L2-normalizes", async () => {
  const model = createModel(`compat:${server.url}#test-embedder`, { cache: null });
  const embedder = modelEmbedder(model, { batchSize: 2 });
  const before = server.requests.length;
  const vectors = await embedder.embed(["alpha", "beta", "gamma"]);
  const calls = server.requests.slice(before).filter((r) => r.path.endsWith("/embeddings"));
  expect(calls).toHaveLength(2);
  expect((calls[0]!.body as { input: string[] }).input).toEqual(["alpha", "beta"]);
  expect((calls[0]!.body as { model: string }).model).toBe("test-embedder");
  expect(vectors).toHaveLength(3);
  for (const v of vectors) {
    expect(v).toHaveLength(16);
    expect(Math.abs(Math.hypot(...v) - 1)).toBeLessThan(1e-6);
  }
  expect(embedder.name).toBe(`compat:${server.url}#test-embedder`);
});

test("a hybrid index runs on model embeddings (vectors from the server, BM25 local)", async () => {
  const embedder = embedderFor(`compat:${server.url}#test-embedder`, (h) => createModel(h, { cache: null }));
  const index = await HybridIndex.open({ embedder });
  await index.add([
    {
      id: "a#0",
      documentId: "a",
      ord: 0,
      app: "drive",
      title: "Policy",
      path: "p",
      author: "",
      date: "",
      text: "interpreter booking rules",
    },
    {
      id: "b#0",
      documentId: "b",
      ord: 0,
      app: "drive",
      title: "Menu",
      path: "m",
      author: "",
      date: "",
      text: "lunch menu",
    },
  ]);
  const bm25 = await index.search("interpreter", { mode: "bm25", limit: 2 });
  expect(bm25.map((h) => h.documentId)).toEqual(["a"]);
  const vector = await index.search("interpreter booking rules", { mode: "vector", limit: 2 });
  expect(vector).toHaveLength(2);
  await index.close();
});

test("embedderFor: hashing names, and model handles need a model factory", () => {
  expect(embedderFor("hashing").name).toBe("hashing-4096");
  expect(embedderFor("hashing-128").name).toBe("hashing-128");
  expect(() => embedderFor("openai:text-embedding-3-small")).toThrow(/pass createModel/);
});
