/**
 * @module DOCX text extraction: mammoth's raw text (paragraphs separated by blank lines), read directly for plain
 * documents (`docx-plain.ts`, the same text at a fraction of the cost) and by mammoth for everything else.
 */
import mammoth from "mammoth";
import { plainDocxText } from "./docx-plain.ts";

export async function extractDocx(bytes: Uint8Array): Promise<string> {
  return plainDocxText(bytes) ?? (await extractDocxWithMammoth(bytes));
}

/** mammoth alone (what `extractDocx` must agree with). */
export async function extractDocxWithMammoth(bytes: Uint8Array): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}
