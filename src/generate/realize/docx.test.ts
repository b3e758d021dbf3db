import { describe, expect, test } from "bun:test";
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import JSZip from "jszip";
import { generateProceduralTask, suitePlan } from "../procedural/index.ts";
import type { DocumentContent } from "./content.ts";
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

const base: DocumentContent = {
  kind: "document",
  title: "Informed Consent: Arrange a Qualified Interpreter",
  subtitle: "Clinical Policy LE-214 | Cedar Valley Health | Owner: Dana Wu",
  author: "Dana Wu",
  date: "2025-03-04",
  sections: [
    { heading: "Scope", paragraphs: ["This guideline applies to inpatient units."] },
    { heading: "Procedure", paragraphs: ["Book the interpreter at extension 4471.", "Note the preference."] },
  ],
};

const hostile: [string, DocumentContent][] = [
  [
    "XML metacharacters and quotes",
    {
      ...base,
      title: `Tom & Jerry's "<b>bold</b>" > plan`,
      author: `O'Brien & <Co>`,
      subtitle: `a "quoted" <subtitle> & more`,
      sections: [
        { heading: `<h1> & 'x'`, paragraphs: [`if a < b && c > d then "e"`, "]]> <![CDATA[ x ]]>"] },
      ],
    },
  ],
  [
    "control characters, tabs and line breaks",
    {
      ...base,
      title: "bell\x07 tab\t end",
      sections: [
        {
          heading: "null\x00 vt\x0B ff\x0C esc\x1B",
          paragraphs: ["line one\nline two\r\nthree", "\x01\x02\x1F"],
        },
      ],
    },
  ],
  [
    "non-ASCII text",
    {
      ...base,
      title: "Café naïve — 患者の同意 🩺",
      author: "José Müller",
      sections: [{ heading: "Überblick", paragraphs: ["Ελληνικά, русский, עברית, العربية, 😀\u200b\uFEFF"] }],
    },
  ],
  [
    "empty subtitle, author, headings and paragraphs",
    {
      ...base,
      subtitle: "",
      author: "",
      sections: [
        { heading: "", paragraphs: ["", "after an empty paragraph"] },
        { heading: "No paragraphs", paragraphs: [] },
      ],
    },
  ],
  ["no sections", { ...base, sections: [] }],
  [
    "a body longer than one 16 KiB deflate block",
    {
      ...base,
      sections: Array.from({ length: 40 }, (_, i) => ({
        heading: `Section ${i + 1}`,
        paragraphs: Array.from(
          { length: 6 },
          (_, j) => `Paragraph ${j} of section ${i}: ${"lorem ipsum ".repeat(5 + ((i * j) % 17))}`,
        ),
      })),
    },
  ],
  ["a leap day", { ...base, date: "2024-02-29" }],
];

describe("renderDocx equals the docx library's own package, re-zipped with pinned dates", () => {
  for (const [name, doc] of hostile) {
    test(name, async () => {
      const [fast, library] = await Promise.all([renderDocx(doc), libraryDocx(doc)]);
      expect(Buffer.from(fast).equals(Buffer.from(library))).toBe(true);
    });
  }

  test("every DOCX of a generated suite (seed 23, one task per domain)", async () => {
    const docs = suitePlan(1).flatMap((plan) =>
      generateProceduralTask({ ...plan, seed: 23 }).artifacts.flatMap((a) =>
        a.entry.format === "docx" && a.content.kind === "document" ? [a.content] : [],
      ),
    );
    expect(docs.length).toBeGreaterThan(10);
    for (const doc of docs) {
      const [fast, library] = await Promise.all([renderDocx(doc), libraryDocx(doc)]);
      expect(Buffer.from(fast).equals(Buffer.from(library))).toBe(true);
    }
  }, 60_000);
});
