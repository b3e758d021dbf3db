/** @module File → text for every artifact format (pdf, docx, eml, chat JSON, md, csv, txt), used by the environment and validation. */
import { readFile } from "node:fs/promises";
import type { ArtifactFormat } from "../core/index.ts";
import { decodeUtf8 } from "../core/utf8.ts";
import { extractChat } from "./chat.ts";
import { extractDocx } from "./docx.ts";
import { extractEml } from "./eml.ts";
import { extractPdf } from "./pdf.ts";

export { type ChatExport, extractChat, parseChat } from "./chat.ts";
export { extractDocx } from "./docx.ts";
export { extractEml, type ParsedEmail, parseEml } from "./eml.ts";
export { containsNormalized, normalizeText } from "./normalize.ts";
export { extractPdf } from "./pdf.ts";

/** Extract the text of in-memory file bytes of a given format. */
export async function extractBytes(bytes: Uint8Array | string, format: ArtifactFormat): Promise<string> {
  const asBytes = () => (typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes);
  const asText = () => (typeof bytes === "string" ? bytes : decodeUtf8(bytes));
  if (bytes.length === 0 && (format === "pdf" || format === "docx" || format === "eml" || format === "chat"))
    throw new Error(`expected a ${format} file, got an empty (0-byte) file`);
  switch (format) {
    case "pdf":
      return extractPdf(asBytes());
    case "docx":
      return extractDocx(asBytes());
    case "eml":
      return extractEml(bytes);
    case "chat":
      return extractChat(bytes);
    case "md":
    case "csv":
    case "txt":
      return asText();
  }
}

/** Extract the text of a file on disk; errors name the file and the format expected. */
export async function extractText(absPath: string, format: ArtifactFormat): Promise<string> {
  const bytes = new Uint8Array(await readFile(absPath));
  try {
    return await extractBytes(bytes, format);
  } catch (error) {
    throw new Error(`${absPath}: expected a readable ${format} file (${(error as Error).message})`);
  }
}
