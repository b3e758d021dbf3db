/**
 * The plain DOCX reader against mammoth: the same text on every DOCX the repository holds and on a generated company
 * corpus, and on mammoth's own test documents (written by Word: lists, tables, text boxes, comments…) either the
 * same text or null (mammoth then reads it), never a different text.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractDocxWithMammoth } from "../../src/extract/docx.ts";
import { plainDocxText } from "../../src/extract/docx-plain.ts";
import { companyCorpus } from "../../src/generate/corpus/index.ts";
import { DOMAINS } from "../../src/generate/procedural/data.ts";
import { filesUnder } from "../support/files.ts";

setDefaultTimeout(120_000);

const REPO = join(import.meta.dir, "../..");

test("the repository's DOCX files (demo, fixtures): the same text as mammoth", async () => {
  const files = [
    ...filesUnder(join(REPO, "tasks"), ".docx"),
    ...filesUnder(join(REPO, "test/fixtures"), ".docx"),
  ];
  expect(files.length).toBeGreaterThan(50);
  for (const f of files) {
    const bytes = new Uint8Array(readFileSync(f));
    expect({ f, text: plainDocxText(bytes) }).toEqual({ f, text: await extractDocxWithMammoth(bytes) });
  }
});

test("a generated company corpus's DOCX files: the same text as mammoth", async () => {
  const dom = DOMAINS.healthcare;
  const corpus = await companyCorpus({
    company: dom.companies[0]!,
    kinds: dom.docKinds,
    seed: 271828,
    chars: 60_000,
  });
  const docx = corpus.manifest.artifacts.filter((a) => a.format === "docx");
  expect(docx.length).toBeGreaterThan(0);
  for (const a of docx) {
    const bytes = corpus.files.find((f) => f.path === a.path)!.bytes as Uint8Array;
    expect(plainDocxText(bytes)).toBe(await extractDocxWithMammoth(bytes));
  }
});

test("mammoth's own test documents (written by Word): the same text or null, never another text", async () => {
  const files = filesUnder(join(REPO, "node_modules/mammoth/test/test-data"), ".docx");
  expect(files.length).toBeGreaterThan(10);
  let read = 0;
  for (const f of files) {
    const bytes = new Uint8Array(readFileSync(f));
    const plain = plainDocxText(bytes);
    if (plain === null) continue;
    read++;
    expect({ f, text: plain }).toEqual({ f, text: await extractDocxWithMammoth(bytes) });
  }
  expect(read).toBeGreaterThan(3);
});

test("not a zip, or a zip without word/document.xml: null", () => {
  expect(plainDocxText(new TextEncoder().encode("not a zip at all"))).toBeNull();
});
