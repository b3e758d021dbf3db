/** @module PDF text extraction with unpdf (pdf.js), pages merged. */
import { getDocumentProxy, extractText as unpdfExtract } from "unpdf";

export async function extractPdf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await unpdfExtract(pdf, { mergePages: true });
  return text;
}
