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

test("a table whose rows are paragraphs stays with its heading and rows; a longer one repeats its header row", () => {
  const filler = "Staff follow the actions in this section in the order given. ".repeat(12).trim();
  const rows = [
    "Step | If the case is that | Then",
    "Shielding the patient | the patient cannot tolerate a mask | move the patient to a closed single room.",
    "Shielding the patient | the patient can wear a surgical mask | keep the mask on until the room is ready.",
  ];
  const text = `1 Scope\n\n${filler}\n\n6 Case Decision Matrix\n\n${rows.join("\n\n")}\n\n7 Notes\n\nNote 1: none.`;
  const chunks = chunkDocument({ ...meta, id: "x_IN_t", text }, { maxChars: 900 });
  const holding = chunks.filter((c) => c.text.includes(rows[0]!));
  expect(holding).toHaveLength(1);
  for (const row of rows) expect(holding[0]!.text).toContain(row);
  expect(holding[0]!.text).toContain("6 Case Decision Matrix\n\nStep | If the case is that | Then");
  // Forty rows do not fit one chunk: every part starts with the header, no row is lost or cut.
  const many = Array.from({ length: 40 }, (_, i) => `Step ${i} | case ${i} holds | do thing ${i}.`);
  const long = chunkDocument(
    { ...meta, id: "x_IN_u", text: `Decision table\n\n${rows[0]}\n\n${many.join("\n\n")}` },
    { maxChars: 400 },
  );
  expect(long.length).toBeGreaterThan(2);
  for (const c of long) expect(c.text).toContain(rows[0]!);
  for (const row of many)
    expect(long.filter((c) => c.text.split("\n\n").includes(row)).length).toBeGreaterThan(0);
});
