/** @module File → text for every artifact format (pdf, docx, eml, chat JSON, md, csv, txt), used by the environment and validation. */
import { readFile } from "node:fs/promises";
import type { ArtifactFormat } from "../core/index.ts";
import { extractedOf } from "./extracted.ts";

export { extractBytes } from "./bytes.ts";
export { type ChatExport, extractChat, parseChat } from "./chat.ts";
export { extractDocx } from "./docx.ts";
export { extractEml, type ParsedEmail, parseEml } from "./eml.ts";
export { type ExtractedFile, extractedOf } from "./extracted.ts";
export { containsNormalized, normalizeText } from "./normalize.ts";
export { extractPdf } from "./pdf.ts";

/** Extract the text of a file on disk (kept per content, `extractedOf`); errors name the file and the format expected. */
export async function extractText(absPath: string, format: ArtifactFormat): Promise<string> {
  const bytes = new Uint8Array(await readFile(absPath));
  try {
    return (await extractedOf(bytes, format)).text;
  } catch (error) {
    throw new Error(`${absPath}: expected a readable ${format} file (${(error as Error).message})`);
  }
}
