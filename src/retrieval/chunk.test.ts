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

test("tabular values survive extraction and chunking unchanged: 60.00%, $1.2M, 1,250, 2024-Q3", async () => {
  const { extractBytes } = await import("../extract/index.ts");
  const rows = Array.from(
    { length: 60 },
    (_, i) => `2024-Q3,Store ${i},60.00%,$1.2M,"1,250",${(i * 1.25).toFixed(2)}`,
  );
  const csv = ["Period,Store,Share,Revenue,Units,Rate", ...rows].join("\n");
  const text = await extractBytes(csv, "csv");
  expect(text).toBe(csv);
  const chunks = chunkDocument({ ...meta, id: "t_IN_1", text }, { maxChars: 300, overlap: 40 });
  expect(chunks.length).toBeGreaterThan(3);
  for (const c of chunks) {
    for (const line of c.text.split("\n")) {
      // every line of every chunk is a whole row (the overlap may start mid-row, but never splits a value)
      if (line.startsWith("2024-Q3")) expect(rows).toContain(line);
    }
    expect(c.text).not.toMatch(/\d\. \d|\$1\. 2M|2024- Q3|1, 250/);
  }
  const joined = chunks.map((c) => c.text).join("\n");
  for (const r of rows) expect(joined).toContain(r);
  // one long prose line of figures breaks only at whitespace
  const prose = Array.from({ length: 40 }, (_, i) => `Share ${i} was 60.00% of $1.2M in 2024-Q3`).join(
    " and ",
  );
  const pieces = chunkDocument({ ...meta, id: "t_IN_2", text: prose }, { maxChars: 200, overlap: 0 });
  for (const p of pieces) for (const w of p.text.split(" ")) expect(prose.split(" ")).toContain(w);
});

test("a chunk never starts mid-sentence: the overlap is the previous chunk's last whole sentences", () => {
  const sentences = Array.from(
    { length: 40 },
    (_, i) =>
      `Step ${i} requires the ${["charge nurse", "infection preventionist", "bed manager"][i % 3]} to act and record it.`,
  );
  const text = [0, 1, 2, 3].map((p) => sentences.slice(p * 10, p * 10 + 10).join(" ")).join("\n\n");
  const chunks = chunkDocument({ ...meta, id: "x_IN_5", text }, { maxChars: 300, overlap: 120 });
  expect(chunks.length).toBeGreaterThan(4);
  for (const c of chunks) expect(c.text).toMatch(/^Step \d+ requires/);
  // Each later chunk repeats at most the previous chunk's last whole sentences.
  for (let i = 1; i < chunks.length; i++) {
    const first = chunks[i]!.text.split(/(?<=\.)\s+/)[0]!;
    const prev = chunks[i - 1]!.text;
    const at = prev.lastIndexOf(first);
    if (at >= 0) expect(chunks[i]!.text.startsWith(prev.slice(at))).toBe(true);
  }
});
