/** Documents for the realization tests: text chosen to break writers (markup, controls, scripts, sizes), and a suite's. */
import type { ArtifactFormat } from "../../core/index.ts";
import { generateProceduralTask, suitePlan } from "../procedural/index.ts";
import type { DocumentContent } from "./content.ts";

const BASE: DocumentContent = {
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

export const HOSTILE_DOCUMENTS: [string, DocumentContent][] = [
  [
    "XML metacharacters and quotes",
    {
      ...BASE,
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
      ...BASE,
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
      ...BASE,
      title: "Café naïve — 患者の同意 🩺",
      author: "José Müller",
      sections: [{ heading: "Überblick", paragraphs: ["Ελληνικά, русский, עברית, العربية, 😀\u200b\uFEFF"] }],
    },
  ],
  [
    "empty subtitle, author, headings and paragraphs",
    {
      ...BASE,
      subtitle: "",
      author: "",
      sections: [
        { heading: "", paragraphs: ["", "after an empty paragraph"] },
        { heading: "No paragraphs", paragraphs: [] },
      ],
    },
  ],
  ["no sections", { ...BASE, sections: [] }],
  [
    "a body longer than one 16 KiB deflate block",
    {
      ...BASE,
      sections: Array.from({ length: 40 }, (_, i) => ({
        heading: `Section ${i + 1}`,
        paragraphs: Array.from(
          { length: 6 },
          (_, j) => `Paragraph ${j} of section ${i}: ${"lorem ipsum ".repeat(5 + ((i * j) % 17))}`,
        ),
      })),
    },
  ],
  ["a leap day", { ...BASE, date: "2024-02-29" }],
];

/** Every document a generated suite (one task per domain) realizes in `format`. */
export function suiteDocuments(format: ArtifactFormat, seed: number): DocumentContent[] {
  return suitePlan(1).flatMap((plan) =>
    generateProceduralTask({ ...plan, seed }).artifacts.flatMap((a) =>
      a.entry.format === format && a.content.kind === "document" ? [a.content] : [],
    ),
  );
}
