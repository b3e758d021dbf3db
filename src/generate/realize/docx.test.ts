import { describe, expect, test } from "bun:test";
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import JSZip from "jszip";
import type { DocumentContent } from "./content.ts";
import { HOSTILE_DOCUMENTS, suiteDocuments } from "./documents.fixture.ts";
import { renderDocx } from "./docx.ts";

/**
 * The oracle: the document built with the `docx` library's own objects and packer, unzipped and zipped again with
 * JSZip with core.xml and entry dates pinned, entries in name order — how DOCX files were written before the fast
 * writer, and how the committed demo suite's were.
 */
async function libraryDocx(doc: DocumentContent): Promise<Uint8Array> {
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
  const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
  const iso = `${doc.date}T09:00:00Z`;
  const core = (await zip.file("docProps/core.xml")!.async("string"))
    .replace(/(<dcterms:created[^>]*>)[^<]*(<\/dcterms:created>)/, `$1${iso}$2`)
    .replace(/(<dcterms:modified[^>]*>)[^<]*(<\/dcterms:modified>)/, `$1${iso}$2`);
  zip.file("docProps/core.xml", core);
  const out = new JSZip();
  for (const name of Object.keys(zip.files).sort()) {
    const entry = zip.files[name]!;
    if (entry.dir) continue;
    out.file(name, await entry.async("uint8array"), { date: new Date(iso), createFolders: false });
  }
  return out.generateAsync({ type: "uint8array", compression: "DEFLATE", platform: "UNIX" });
}

describe("renderDocx equals the docx library's own package, re-zipped with pinned dates", () => {
  for (const [name, doc] of HOSTILE_DOCUMENTS) {
    test(name, async () => {
      const [fast, library] = await Promise.all([renderDocx(doc), libraryDocx(doc)]);
      expect(Buffer.from(fast).equals(Buffer.from(library))).toBe(true);
    });
  }

  test("every DOCX of a generated suite (seed 23, one task per domain)", async () => {
    const docs = suiteDocuments("docx", 23);
    expect(docs.length).toBeGreaterThan(10);
    for (const doc of docs) {
      const [fast, library] = await Promise.all([renderDocx(doc), libraryDocx(doc)]);
      expect(Buffer.from(fast).equals(Buffer.from(library))).toBe(true);
    }
  }, 60_000);
});
