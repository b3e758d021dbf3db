/** @module File realization: turn an artifact's content into the bytes of its format (pdf, docx, md, eml, chat JSON). */
import type { ArtifactFormat } from "../../core/index.ts";
import { renderChat } from "./chat.ts";
import type { ArtifactContent } from "./content.ts";
import { renderDocx } from "./docx.ts";
import { renderEml } from "./eml.ts";
import { renderMarkdown } from "./markdown.ts";
import { renderPdf } from "./pdf.ts";

export * from "./content.ts";
export { renderChat, renderDocx, renderEml, renderMarkdown, renderPdf };

/** Render `content` in `format`; a mismatch (e.g. an email as PDF) is an error naming both. */
export async function realize(
  content: ArtifactContent,
  format: ArtifactFormat,
): Promise<Uint8Array | string> {
  if (content.kind === "document") {
    if (format === "pdf") return renderPdf(content);
    if (format === "docx") return renderDocx(content);
    if (format === "md") return renderMarkdown(content);
  }
  if (content.kind === "email" && format === "eml") return renderEml(content);
  if (content.kind === "chat" && format === "chat") return renderChat(content);
  throw new Error(`realize: cannot render ${content.kind} content as "${format}"`);
}
