/** @module Markdown realization for personal files (notes, checklists) in the user's local folder. */
import type { DocumentContent } from "./content.ts";

export function renderMarkdown(doc: DocumentContent): string {
  const lines = [`# ${doc.title}`, "", `_${doc.subtitle}_`, "", `${doc.author} | ${doc.date}`];
  for (const section of doc.sections) {
    lines.push("", `## ${section.heading}`);
    for (const paragraph of section.paragraphs) lines.push("", paragraph);
  }
  return `${lines.join("\n")}\n`;
}
