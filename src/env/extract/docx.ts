/** @module DOCX text extraction with mammoth (raw text, paragraphs separated by blank lines). */
import mammoth from "mammoth";

export async function extractDocx(bytes: Uint8Array): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}
