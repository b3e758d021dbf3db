/** @module In-memory file bytes of a given format → their text, one parser per format. */
import type { ArtifactFormat } from "../core/index.ts";
import { decodeUtf8 } from "../core/utf8.ts";
import { extractChat } from "./chat.ts";
import { extractDocx } from "./docx.ts";
import { extractEml } from "./eml.ts";
import { extractPdf } from "./pdf.ts";

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
