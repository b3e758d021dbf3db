/**
 * @module PDF text extraction: lines as the page lays them out, and a blank line where the vertical gap between two
 * lines is wider than line spacing (a paragraph or list-item break a reader sees). Lines come from `pdf-plain.ts` for
 * PDFs of plain text in the standard fonts, and from unpdf (pdf.js) for everything else.
 */
import { getDocumentProxy } from "unpdf";
import { type PlainLine, plainPdfLines } from "./pdf-plain.ts";

/** A gap above this many times the font size (line spacing is ~1.3×) separates paragraphs. */
const PARAGRAPH_GAP = 1.6;

type TextItem = { str: string; transform: number[]; height: number; hasEOL: boolean };

/** A PDF ends with `%%EOF` (ISO 32000-1 §7.5.5); a file cut short is refused instead of half-read by pdf.js's recovery. */
function checkComplete(bytes: Uint8Array): void {
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  if (!tail.includes("%%EOF"))
    throw new Error("expected a complete PDF, the %%EOF trailer is missing (truncated?)");
}

/** Every page's lines as pdf.js's text items give them: consecutive items on one baseline form a line. */
export async function pdfjsLines(bytes: Uint8Array): Promise<PlainLine[][]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: PlainLine[][] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p);
    const content = await page.getTextContent();
    const lines: PlainLine[] = [];
    let current: PlainLine | null = null;
    for (const raw of content.items) {
      if (!("str" in raw)) continue;
      const item = raw as TextItem;
      const y = item.transform[5] ?? 0;
      if (current === null || (item.str !== "" && Math.abs(current.y - y) > 0.5 && current.text !== "")) {
        if (current && current.text !== "") lines.push(current);
        current = { text: "", y, size: 0 };
      }
      if (item.str !== "") {
        if (current.text === "") current.y = y;
        current.text += item.str;
        current.size = Math.max(current.size, item.height);
      }
      if (item.hasEOL && current.text !== "") {
        lines.push(current);
        current = null;
      }
    }
    if (current && current.text !== "") lines.push(current);
    pages.push(lines);
  }
  return pages;
}

/** A page's last line that stops mid-sentence, and a next page that goes on in lower case: one paragraph across them. */
const OPEN_END = /[^.!?:;)"”\]]$/;
const GOES_ON = /^[a-z]/;

/**
 * Lines joined by newlines, a blank line at a paragraph gap, pages by a blank line — unless a sentence runs on from
 * one page to the next (the page ends mid-sentence and the next starts in lower case), which stays one paragraph.
 */
export function layoutPdfLines(pages: readonly (readonly PlainLine[])[]): string {
  const texts = pages.map((lines) => {
    const out: string[] = [];
    lines.forEach((line, i) => {
      const prev = lines[i - 1];
      if (prev && prev.y - line.y > PARAGRAPH_GAP * Math.max(prev.size, line.size)) out.push("");
      out.push(line.text);
    });
    return out.join("\n");
  });
  return texts.reduce((all, page, i) => {
    if (i === 0) return page;
    const runsOn = OPEN_END.test(all.trimEnd()) && GOES_ON.test(page.trimStart());
    return `${all}${runsOn ? "\n" : "\n\n"}${page}`;
  }, "");
}

export async function extractPdf(bytes: Uint8Array): Promise<string> {
  checkComplete(bytes);
  return layoutPdfLines(plainPdfLines(bytes) ?? (await pdfjsLines(bytes)));
}
