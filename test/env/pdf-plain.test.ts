/**
 * The plain PDF reader against pdf.js: the same text (after `pdf.ts`'s layout) on every PDF the repository holds and
 * on a generated company corpus; on PDFs made elsewhere (Debian's documentation, when present) the same text or null,
 * never another text; null on what it does not read (two strings on one line, a non-standard font).
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { extractPdf, layoutPdfLines, pdfjsLines } from "../../src/extract/pdf.ts";
import { plainPdfLines } from "../../src/extract/pdf-plain.ts";
import { companyCorpus } from "../../src/generate/corpus/index.ts";
import { DOMAINS } from "../../src/generate/procedural/data.ts";
import { filesUnder } from "../support/files.ts";

setDefaultTimeout(180_000);

const REPO = join(import.meta.dir, "../..");

const viaPdfjs = async (bytes: Uint8Array) => layoutPdfLines(await pdfjsLines(bytes));

test("the repository's PDFs (demo, fixtures): the same text as pdf.js", async () => {
  const files = [
    ...filesUnder(join(REPO, "tasks"), ".pdf"),
    ...filesUnder(join(REPO, "test/fixtures"), ".pdf"),
  ];
  expect(files.length).toBeGreaterThan(40);
  for (const f of files) {
    const bytes = new Uint8Array(readFileSync(f));
    const lines = plainPdfLines(bytes);
    expect({ f, text: lines && layoutPdfLines(lines) }).toEqual({ f, text: await viaPdfjs(bytes) });
  }
});

test("a generated company corpus's PDFs (many pages, every character the data uses): the same text as pdf.js", async () => {
  const dom = DOMAINS.legal;
  const corpus = await companyCorpus({
    company: dom.companies[1]!,
    kinds: dom.docKinds,
    seed: 271828,
    chars: 90_000,
  });
  const pdfs = corpus.manifest.artifacts.filter((a) => a.format === "pdf");
  expect(pdfs.length).toBeGreaterThan(2);
  for (const a of pdfs) {
    const bytes = corpus.files.find((f) => f.path === a.path)!.bytes as Uint8Array;
    const lines = plainPdfLines(bytes);
    expect(lines).not.toBeNull();
    expect(layoutPdfLines(lines!)).toBe(await viaPdfjs(bytes));
  }
});

test("PDFs made elsewhere: the same text or null (pdf.js reads them), never another text", async () => {
  const files = [
    "/usr/share/doc/libtasn1-doc/libtasn1.pdf",
    "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf",
  ];
  for (const f of files.filter((x) => existsSync(x))) {
    const bytes = new Uint8Array(readFileSync(f));
    const lines = plainPdfLines(bytes);
    if (lines) expect(layoutPdfLines(lines)).toBe(await viaPdfjs(bytes));
  }
});

async function pdfkit(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ info: { CreationDate: new Date(0), ModDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

test("two strings on one line, or wide gaps: null, and extractPdf still reads them through pdf.js", async () => {
  const bytes = await pdfkit((doc) => {
    doc.font("Helvetica-Bold").text("Owner: ", { continued: true }).font("Helvetica").text("Dana Wu");
  });
  expect(plainPdfLines(bytes)).toBeNull();
  expect(await extractPdf(bytes)).toBe(await viaPdfjs(bytes));
  const spaced = await pdfkit((doc) => {
    doc.text("Wide    gap", { characterSpacing: 3 });
  });
  expect(plainPdfLines(spaced)).toBeNull();
});

test("a sentence running on across a page break is one paragraph; a page that ends a sentence still breaks", () => {
  const line = (text: string, y: number) => ({ text, y, size: 10 });
  const pages = [
    [line("9 Questions and Exceptions", 700), line("Requests for a standing", 687)],
    [line("exception are reviewed monthly.", 700)],
    [line("10 Accessibility", 700)],
  ];
  expect(layoutPdfLines(pages)).toBe(
    "9 Questions and Exceptions\nRequests for a standing\nexception are reviewed monthly.\n\n10 Accessibility",
  );
});
