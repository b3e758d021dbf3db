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

/**
 * A page break inside a sentence: the page's last line ends without a sentence end and the next page's first line
 * goes on in lower case ("Requests for a standing" / "exception are reviewed monthly…"), a wrap, not a paragraph.
 */
export function continuesSentence(last: string | undefined, next: string | undefined): boolean {
  return !!last && !!next && !/[.!?:;)"”]\s*$/.test(last) && /^[a-z]/.test(next);
}

/**
 * Lines joined by newlines, a blank line at a paragraph gap, pages by a blank line — by a line break when a sentence
 * runs on across the page break (`continuesSentence`).
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
  return texts.reduce((all, text, i) => {
    if (i === 0) return text;
    const last = pages[i - 1]!.at(-1)?.text;
    return `${all}${continuesSentence(last, pages[i]![0]?.text) ? "\n" : "\n\n"}${text}`;
  }, "");
}

export async function extractPdf(bytes: Uint8Array): Promise<string> {
  checkComplete(bytes);
  return layoutPdfLines(plainPdfLines(bytes) ?? (await pdfjsLines(bytes)));
}
