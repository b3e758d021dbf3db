/** @module PDF realization with pdfkit: fixed CreationDate/ModDate so equal content gives byte-identical files. */
import PDFDocument from "pdfkit";
import type { DocumentContent } from "./content.ts";

/** Render a document to PDF bytes; the document's date stamps the PDF metadata (no clock is read). */
export function renderPdf(doc: DocumentContent): Promise<Uint8Array> {
  const stamp = new Date(`${doc.date}T09:00:00Z`);
  const pdf = new PDFDocument({
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
