import { describe, expect, test } from "bun:test";
import PDFDocument from "pdfkit";
import type { DocumentContent } from "./content.ts";
import { HOSTILE_DOCUMENTS, suiteDocuments } from "./documents.fixture.ts";
import { renderPdf } from "./pdf.ts";

/** The oracle: the same layout on a plain pdfkit document, which opens (and parses) its fonts itself. */
const plainPdf = (doc: DocumentContent) => renderPdf(doc, { open: (options) => new PDFDocument(options) });

describe("renderPdf (fonts shared across documents) equals plain pdfkit", () => {
  for (const [name, doc] of HOSTILE_DOCUMENTS) {
    test(name, async () => {
      const [shared, plain] = await Promise.all([renderPdf(doc), plainPdf(doc)]);
      expect(Buffer.from(shared).equals(Buffer.from(plain))).toBe(true);
    });
  }

  test("every PDF of a generated suite (seed 23, one task per domain), rendered twice in any order", async () => {
    const docs = suiteDocuments("pdf", 23);
    expect(docs.length).toBeGreaterThan(10);
    const plain = await Promise.all(docs.map(plainPdf));
    const shared = await Promise.all([...docs].reverse().map((doc) => renderPdf(doc)));
    shared.reverse().forEach((bytes, i) => {
      expect(Buffer.from(bytes).equals(Buffer.from(plain[i]!))).toBe(true);
    });
  }, 60_000);
});
