/** @module DOCX realization with `docx`, then jszip rewrites core.xml dates and entry dates for byte-identical output. */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import JSZip from "jszip";
import type { DocumentContent } from "./content.ts";

/** Render a document to DOCX bytes stamped with the document's own date (no clock is read). */
export async function renderDocx(doc: DocumentContent): Promise<Uint8Array> {
  const children: Paragraph[] = [
    new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: doc.subtitle, italics: true })] }),
    new Paragraph({ children: [new TextRun({ text: `${doc.author} | ${doc.date}`, italics: true })] }),
  ];
  for (const section of doc.sections) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    for (const paragraph of section.paragraphs) children.push(new Paragraph({ text: paragraph }));
  }
  const document = new Document({
    creator: doc.author,
    title: doc.title,
    description: doc.subtitle,
    sections: [{ children }],
  });
  const raw = await Packer.toBuffer(document);
  return pinDocx(new Uint8Array(raw), `${doc.date}T09:00:00Z`);
}

/** Rewrite `dcterms:created`/`modified` and every zip entry's date to `iso`, then re-zip deterministically. */
export async function pinDocx(bytes: Uint8Array, iso: string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const stamp = new Date(iso);
  const core = zip.file("docProps/core.xml");
  if (core) {
    const xml = (await core.async("string"))
      .replace(/(<dcterms:created[^>]*>)[^<]*(<\/dcterms:created>)/, `$1${iso}$2`)
      .replace(/(<dcterms:modified[^>]*>)[^<]*(<\/dcterms:modified>)/, `$1${iso}$2`);
    zip.file("docProps/core.xml", xml);
  }
  const names = Object.keys(zip.files).sort();
  const out = new JSZip();
  for (const name of names) {
    const entry = zip.files[name]!;
    if (entry.dir) continue;
    out.file(name, await entry.async("uint8array"), { date: stamp, createFolders: false });
  }
  return out.generateAsync({ type: "uint8array", compression: "DEFLATE", platform: "UNIX" });
}
