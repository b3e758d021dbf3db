import { expect, test } from "bun:test";
import { chunkDocument } from "./chunk.ts";

const meta = { app: "drive" as const, title: "Policy", path: "drive/p.md", author: "A", date: "2025-01-01" };

test("a short document is one chunk carrying the document's metadata", () => {
  const chunks = chunkDocument({ ...meta, id: "x_IN_1", text: "One paragraph.\n\nAnother one." });
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toMatchObject({ id: "x_IN_1#0", documentId: "x_IN_1", ord: 0, ...meta });
  expect(chunks[0]!.text).toBe("One paragraph.\n\nAnother one.");
});

test("long documents split under the size bound, in order, with overlap, losing no paragraph", () => {
  const paragraphs = Array.from(
    { length: 30 },
    (_, i) => `Paragraph ${i} says something specific about topic ${i}.`,
  );
  const chunks = chunkDocument(
    { ...meta, id: "x_IN_2", text: paragraphs.join("\n\n") },
    { maxChars: 300, overlap: 40 },
  );
  expect(chunks.length).toBeGreaterThan(3);
  expect(chunks.map((c) => c.ord)).toEqual(chunks.map((_, i) => i));
  for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(300 + 40 + 2);
  const joined = chunks.map((c) => c.text).join("\n");
  for (const p of paragraphs) expect(joined).toContain(p);
});

test("a single huge paragraph breaks at sentences", () => {
  const text = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
  const chunks = chunkDocument({ ...meta, id: "x_IN_3", text }, { maxChars: 200, overlap: 0 });
  expect(chunks.length).toBeGreaterThan(5);
  for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(200);
  expect(chunks[0]!.text.startsWith("Sentence number 0 is here.")).toBe(true);
});
