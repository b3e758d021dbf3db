/**
 * @module PDF realization with pdfkit: fixed CreationDate/ModDate so equal content gives byte-identical files. pdfkit
 * parses a standard font's metrics (AFM) anew for every document, about a sixth of a PDF's CPU; the parsed metrics
 * are read-only, so every document here gets fonts copied from one made per process (`pdf.test.ts` holds the bytes
 * to what plain pdfkit writes).
 */
import PDFDocument from "pdfkit";
import type { DocumentContent } from "./content.ts";

/** The fonts a document uses, in the order pdfkit meets them (the order gives their ids F1, F2). */
const FONTS = ["Helvetica", "Helvetica-Bold"] as const;

/** The parts of pdfkit's font mixin (lib/mixins/fonts.js) that `font()` consults before it opens a font. */
type FontState = {
  _font: object | null;
  _fontFamilies: Record<string, object>;
  _fontCount: number;
};

const made = new Map<string, object>();

/** A standard font for `pdf` under `id`, sharing the metrics of the one made first (pdfkit's StandardFont). */
function sharedFont(pdf: PDFKit.PDFDocument, name: string, id: string): object {
  let first = made.get(name);
  if (!first) {
    first = (new PDFDocument({ font: name, autoFirstPage: false }) as unknown as FontState)._font!;
    made.set(name, first);
  }
  // the document a font's PDF object belongs to, its id, and none of the first one's PDF object (made on first use)
  return Object.assign(Object.create(Object.getPrototypeOf(first)), first, { document: pdf, id });
}

/** A pdfkit document whose fonts are already open, as `new PDFDocument(options)` followed by `font()` calls leaves it. */
function pdfDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const pdf = new PDFDocument({ ...options, font: null as unknown as string });
  const state = pdf as unknown as FontState;
  FONTS.forEach((name, i) => {
    state._fontFamilies[name] = sharedFont(pdf, name, `F${i + 1}`);
  });
  state._fontCount = FONTS.length;
  // what the constructor's default font does: Helvetica current, no family
  return pdf.font(FONTS[0], null as unknown as string);
}

/**
 * Render a document to PDF bytes; the document's date stamps the PDF metadata (no clock is read). `open` makes the
 * pdfkit document (a test passes plain `new PDFDocument`).
 */
export function renderPdf(
  doc: DocumentContent,
  { open = pdfDocument }: { open?: (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument } = {},
): Promise<Uint8Array> {
  const stamp = new Date(`${doc.date}T09:00:00Z`);
  const pdf = open({
    size: "LETTER",
    margin: 64,
    compress: true,
    info: { Title: doc.title, Author: doc.author, CreationDate: stamp, ModDate: stamp },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
  });
  pdf.font("Helvetica-Bold").fontSize(17).text(doc.title);
  pdf.moveDown(0.3);
  pdf.font("Helvetica").fontSize(9).fillColor("#555555").text(doc.subtitle);
  pdf.text(`${doc.author} | ${doc.date}`);
  pdf.fillColor("#000000");
  for (const section of doc.sections) {
    pdf.moveDown(0.9);
    pdf.font("Helvetica-Bold").fontSize(12).text(section.heading);
    pdf.moveDown(0.3);
    for (const paragraph of section.paragraphs) {
      pdf.font("Helvetica").fontSize(10.5).text(paragraph, { align: "left", lineGap: 1.5 });
      pdf.moveDown(0.5);
    }
  }
  pdf.end();
  return done;
}
