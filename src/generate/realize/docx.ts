/**
 * @module DOCX realization: the package the `docx` library writes for a document, with `docProps/core.xml` and every
 * zip entry dated from the document's own date, entries in name order — byte-identical for equal content. The library
 * renders once per process (a probe with marker metadata and an empty body) and gives the parts every document
 * shares, compressed once; a document then writes only its body and core properties in the XML docx writes for them.
 * `docx.test.ts` holds the output to what the library itself (re-zipped with JSZip) gives, on hostile text too.
 */
import { Document, Packer } from "docx";
import JSZip from "jszip";
import type { DocumentContent } from "./content.ts";
import { deflateEntry, type ZipEntry, zipArchive } from "./zip.ts";

const DOCUMENT_XML = "word/document.xml";
const CORE_XML = "docProps/core.xml";
/** Private-use markers the probe carries where a document's metadata goes (XML escaping leaves them alone). */
const MARK = {
  title: "\uE000title\uE001",
  creator: "\uE000creator\uE001",
  description: "\uE000description\uE001",
};
const DATE_MARK = "\uE000date\uE001";

/** docx's text escaping (src/util/xml/stringify.ts `escapeAll`): five entities, C0 controls but tab/LF/CR dropped. */
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
  "<": "&lt;",
  ">": "&gt;",
};
function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what docx drops
  return text.replace(/[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g, (c) => ESCAPES[c] ?? "");
}

/** What every document shares: the parts docx writes alike for all, compressed, and the frames of the two that differ. */
type Shared = {
  /** Entry names in archive order (sorted), the two per-document parts included. */
  order: string[];
  parts: Map<string, ZipEntry>;
  documentHead: string;
  documentTail: string;
  core: string;
};

let shared: Promise<Shared> | undefined;

async function probe(): Promise<Shared> {
  const document = new Document({
    title: MARK.title,
    creator: MARK.creator,
    description: MARK.description,
    sections: [{ children: [] }],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(document));
  const order = Object.keys(zip.files)
    .filter((name) => !zip.files[name]!.dir)
    .sort();
  const parts = new Map<string, ZipEntry>();
  for (const name of order) {
    if (name === DOCUMENT_XML || name === CORE_XML) continue;
    parts.set(name, deflateEntry(name, await zip.files[name]!.async("uint8array")));
  }
  const documentXml = await zip.file(DOCUMENT_XML)!.async("string");
  const bodyAt = documentXml.indexOf("<w:body>") + "<w:body>".length;
  const core = (await zip.file(CORE_XML)!.async("string"))
    .replace(/(<dcterms:created[^>]*>)[^<]*(<\/dcterms:created>)/, `$1${DATE_MARK}$2`)
    .replace(/(<dcterms:modified[^>]*>)[^<]*(<\/dcterms:modified>)/, `$1${DATE_MARK}$2`);
  const expected = [
    bodyAt > 0 && documentXml.startsWith("<w:sectPr", bodyAt),
    ...Object.entries(MARK).map(([key, mark]) => core.includes(`<dc:${key}>${mark}</dc:${key}>`)),
    core.split(DATE_MARK).length === 3,
  ];
  if (expected.includes(false))
    throw new Error(
      "docx: the docx library's document.xml or core.xml is not laid out as this writer expects",
    );
  return {
    order,
    parts,
    documentHead: documentXml.slice(0, bodyAt),
    documentTail: documentXml.slice(bodyAt),
    core,
  };
}

const run = (text: string, italic: boolean) =>
  `<w:r>${italic ? "<w:rPr><w:i/><w:iCs/></w:rPr>" : ""}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
/** `new Paragraph({ text, heading })`: docx leaves the run out when the text is empty. */
const styled = (style: string, text: string) =>
  `<w:p><w:pPr><w:pStyle w:val="${style}"/></w:pPr>${text ? run(text, false) : ""}</w:p>`;
/** `new Paragraph({ text })` */
const plain = (text: string) => (text ? `<w:p>${run(text, false)}</w:p>` : "<w:p/>");
/** `new Paragraph({ children: [new TextRun({ text, italics: true })] })` */
const italic = (text: string) => `<w:p>${run(text, true)}</w:p>`;

function documentBody(doc: DocumentContent): string {
  const xml = [styled("Title", doc.title), italic(doc.subtitle), italic(`${doc.author} | ${doc.date}`)];
  for (const section of doc.sections) {
    xml.push(styled("Heading1", section.heading));
    for (const paragraph of section.paragraphs) xml.push(plain(paragraph));
  }
  return xml.join("");
}

/** core.xml: docx leaves out an empty title, creator or description. */
function coreXml(template: string, doc: DocumentContent, iso: string): string {
  const values = { title: doc.title, creator: doc.author, description: doc.subtitle };
  let xml = template;
  for (const [key, value] of Object.entries(values)) {
    const element = `<dc:${key}>${MARK[key as keyof typeof MARK]}</dc:${key}>`;
    xml = xml.replace(element, () => (value ? `<dc:${key}>${escapeXml(value)}</dc:${key}>` : ""));
  }
  return xml.replaceAll(DATE_MARK, iso);
}

/** Render a document to DOCX bytes stamped with the document's own date (no clock is read). */
export async function renderDocx(doc: DocumentContent): Promise<Uint8Array> {
  shared ??= probe();
  const { order, parts, documentHead, documentTail, core } = await shared;
  const iso = `${doc.date}T09:00:00Z`;
  const encode = (text: string) => new TextEncoder().encode(text);
  const own = new Map([
    [DOCUMENT_XML, deflateEntry(DOCUMENT_XML, encode(documentHead + documentBody(doc) + documentTail))],
    [CORE_XML, deflateEntry(CORE_XML, encode(coreXml(core, doc, iso)))],
  ]);
  return zipArchive(
    order.map((name) => own.get(name) ?? parts.get(name)!),
    new Date(iso),
  );
}
