/** @module PDF text extraction with unpdf (pdf.js), pages merged. */
import { getDocumentProxy, extractText as unpdfExtract } from "unpdf";

/** A PDF ends with `%%EOF` (ISO 32000-1 §7.5.5); a file cut short is refused instead of half-read by pdf.js's recovery. */
function checkComplete(bytes: Uint8Array): void {
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  if (!tail.includes("%%EOF"))
    throw new Error("expected a complete PDF, the %%EOF trailer is missing (truncated?)");
}

export async function extractPdf(bytes: Uint8Array): Promise<string> {
  checkComplete(bytes);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await unpdfExtract(pdf, { mergePages: true });
  return text;
}
