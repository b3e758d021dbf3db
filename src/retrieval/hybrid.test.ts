import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { type Chunk, chunkDocument } from "./chunk.ts";
import { hashingEmbedder } from "./embedders/hashing.ts";
import { HybridIndex } from "./hybrid.ts";

const docs = [
  {
    id: "t_IN_1",
    app: "drive" as const,
    title: "Interpreter policy",
    path: "drive/interpreter-policy.md",
    author: "Compliance Office",
    date: "2025-01-02",
    text: "Patients whose preferred language is not English must be offered a certified medical interpreter before consent.",
  },
  {
    id: "t_IN_2",
    app: "email" as const,
    title: "Re: cardiology referral",
    path: "email/referral.eml",
    author: "dana@clinic.example",
    date: "2025-02-03",
    subject: "Re: cardiology referral",
    text: "The referral to cardiology was approved by the insurer on Monday; schedule the echo within ten days.",
  },
  {
    id: "t_DI_1",
    app: "chat" as const,
    title: "#facilities",
    path: "chat/facilities.json",
    author: "sam",
    date: "2025-03-01",
    channel: "facilities",
    text: "The parking garage on level two closes for repainting next week.",
  },
];

let index: HybridIndex | null = null;
afterEach(async () => {
  await index?.close();
  index = null;
});

async function build(): Promise<HybridIndex> {
  index = await HybridIndex.open({ embedder: hashingEmbedder() });
  await index.add(docs.flatMap((d) => chunkDocument(d)));
  return index;
}

describe("HybridIndex", () => {
  for (const mode of ["hybrid", "bm25", "vector"] as const) {
    test(`${mode}: ranks the document that matches the query first`, async () => {
      const idx = await build();
      const hits = await idx.search("certified interpreter for consent", { mode, limit: 3 });
      expect(hits[0]?.documentId).toBe("t_IN_1");
      expect(hits[0]?.app).toBe("drive");
      expect(hits[0]?.path).toBe("drive/interpreter-policy.md");
      expect(hits[0]?.snippet).toContain("interpreter");
    });
  }

  test("snippets: false returns the same ranking with empty snippets", async () => {
    const idx = await build();
    const withSnippets = await idx.search("certified interpreter for consent", { limit: 3 });
    const without = await idx.search("certified interpreter for consent", { limit: 3, snippets: false });
    expect(without.map((h) => h.chunkId)).toEqual(withSnippets.map((h) => h.chunkId));
    expect(without.every((h) => h.snippet === "")).toBe(true);
    expect(without[0]?.text).toBe(withSnippets[0]?.text);
  });

  test("keeps channel and subject metadata on hits", async () => {
    const idx = await build();
    const [chat] = await idx.search("parking garage repainting", { limit: 1 });
    expect(chat).toMatchObject({
      documentId: "t_DI_1",
      channel: "facilities",
      author: "sam",
      date: "2025-03-01",
    });
    const [mail] = await idx.search("insurer approved referral", { limit: 1 });
    expect(mail).toMatchObject({ documentId: "t_IN_2", subject: "Re: cardiology referral" });
  });

  test("filters by app", async () => {
    const idx = await build();
    const hits = await idx.search("interpreter referral parking", { apps: ["email"], limit: 5 });
    expect(hits.map((h) => h.app)).toEqual(["email"]);
  });

  test("stemming lets BM25 match inflected forms", async () => {
    const idx = await build();
    const hits = await idx.search("interpreters consenting", { mode: "bm25", limit: 1 });
    expect(hits[0]?.documentId).toBe("t_IN_1");
  });

  test("re-adding a chunk replaces it instead of duplicating", async () => {
    const idx = await build();
    const before = idx.count();
    await idx.add(chunkDocument({ ...docs[0]!, text: "Completely different words about gardening tools." }));
    expect(idx.count()).toBe(before);
    const hits = await idx.search("gardening tools", { mode: "bm25", limit: 1 });
    expect(hits[0]?.documentId).toBe("t_IN_1");
    expect(await idx.search("certified medical", { mode: "bm25", limit: 3 })).toHaveLength(0);
  });

  test("chunks sharing no word with the query are not vector matches, so they take no fusion credit", async () => {
    const idx = await build();
    const vector = await idx.search("parking garage", { mode: "vector", limit: 3 });
    expect(vector.map((h) => h.documentId)).toEqual(["t_DI_1"]);
    const hybrid = await idx.search("parking garage", { limit: 3 });
    expect(hybrid.map((h) => h.documentId)).toEqual(["t_DI_1"]);
  });

  test("empty or stopword-only queries return nothing rather than failing", async () => {
    const idx = await build();
    expect(await idx.search("the and of", { limit: 3 })).toEqual([]);
    expect(await idx.search('"; DROP TABLE chunks; --', { mode: "bm25", limit: 3 })).toHaveLength(0);
  });

  test("persists to a file with metadata and reopens", async () => {
    const path = `${process.env.TMPDIR ?? "/tmp"}/drflow-hybrid-${process.pid}-${Date.now()}.sqlite`;
    const first = await HybridIndex.open({ path, embedder: hashingEmbedder() });
    await first.add(docs.flatMap((d) => chunkDocument(d)) as Chunk[]);
    first.setMeta("fingerprint", "abc");
    await first.close();
    index = await HybridIndex.open({ path, embedder: hashingEmbedder() });
    expect(index.getMeta("fingerprint")).toBe("abc");
    const hits = await index.search("parking garage", { mode: "vector", limit: 1 });
    expect(hits[0]?.documentId).toBe("t_DI_1");
    await index.close();
    index = null;
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  });
});
