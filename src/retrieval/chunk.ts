/** @module Chunking: split a document into passages that keep its source metadata (app, id, path, title, author, date, channel, subject). */
import { z } from "zod";
import { AppName } from "../core/index.ts";

export const Chunk = z.object({
  /** `<documentId>#<ord>` */
  id: z.string().min(1),
  documentId: z.string().min(1),
  /** Position of the chunk inside its document, from 0. */
  ord: z.number().int().min(0),
  app: AppName,
  title: z.string(),
  path: z.string(),
  author: z.string(),
  date: z.string(),
  channel: z.string().optional(),
  subject: z.string().optional(),
  text: z.string(),
});
export type Chunk = z.infer<typeof Chunk>;

/** What a chunk is cut from: any document with text and source metadata (an `EnvDocument` is one). */
export type ChunkSource = Omit<Chunk, "id" | "documentId" | "ord"> & { id: string };

export const ChunkOptions = z.object({
  /** Soft upper bound on a chunk's length in characters. */
  maxChars: z.number().int().min(100).default(900),
  /**
   * About this many characters of the previous chunk are repeated at the start of the next one: its last whole
   * sentences (or table rows) that fit, the last one alone when it is up to twice as long, none when it is longer — so
   * no chunk starts in the middle of a sentence.
   */
  overlap: z.number().int().min(0).default(120),
});
export type ChunkOptions = z.input<typeof ChunkOptions>;

/** The whole sentences or lines at the end of `text` that a next chunk repeats (see `ChunkOptions.overlap`). */
function overlapTail(text: string, overlap: number): string {
  if (overlap <= 0) return "";
  const last = text.slice(text.lastIndexOf("\n\n") + 1).trim();
  const units = last.split(/(?<=[.!?])\s+/).filter((u) => u.trim());
  const kept: string[] = [];
  let size = 0;
  for (let i = units.length - 1; i >= 0; i--) {
    const unit = units[i]!.trim();
    const room = kept.length === 0 ? 2 * overlap : overlap;
    if (size + unit.length > room) break;
    kept.unshift(unit);
    size += unit.length + 1;
  }
  if (kept.length === 0) return "";
  // Keep the text's own separators: the tail is the end of `last` from its first kept unit.
  return last.slice(last.lastIndexOf(kept[0]!));
}

/** A table row of its own paragraph: `a | b | c` (two or more cell separators) or tab-separated cells. */
const TABLE_ROW = /^[^\n|]*\S[^\n|]* \|(?: [^\n|]*\|)* [^\n|]*\S[^\n]*$|^[^\t\n]+(?:\t[^\t\n]+){2,}$/;
/**
 * `TABLE_ROW` on one paragraph. A row is one line holding " |" or a tab: the test for those first spares the pattern's
 * backtracking over every ordinary paragraph (quadratic in its length: seconds on a 500,000-character environment).
 */
function isTableRow(p: string): boolean {
  return !p.includes("\n") && (p.includes(" |") || p.includes("\t")) && TABLE_ROW.test(p);
}
/** A short line with no sentence end: a heading such as "6 Case Decision Matrix". */
const HEADING = /^(?=.{1,80}$)[^.!?\n]*[^.!?:\s]$/;

/**
 * Paragraphs as packing units: a table whose rows are paragraphs of their own (DOCX tables, `|` rows) is one unit with
 * the heading right above it, so no chunk holds a table's header without its rows; a table longer than the bound
 * breaks between rows, each later part led by the header row again.
 */
function units(paragraphs: readonly string[], maxChars: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    const p = paragraphs[i]!;
    if (!isTableRow(p) || !isTableRow(paragraphs[i + 1] ?? "")) {
      out.push(...(p.length <= maxChars ? [p] : splitLong(p, maxChars)));
      continue;
    }
    const rows: string[] = [];
    while (i < paragraphs.length && isTableRow(paragraphs[i]!)) rows.push(paragraphs[i++]!);
    i -= 1;
    const heading = out.length > 0 && HEADING.test(out.at(-1)!) ? out.pop()! : "";
    let part = heading ? [heading, rows[0]!] : [rows[0]!];
    for (const row of rows.slice(1)) {
      if (part.join("\n\n").length + row.length + 2 > maxChars && part.length > (heading ? 2 : 1)) {
        out.push(part.join("\n\n"));
        part = [rows[0]!];
      }
      part.push(row);
    }
    out.push(part.join("\n\n"));
  }
  return out;
}

/** Split on blank lines, then pack paragraphs into chunks of at most `maxChars`, breaking long paragraphs at sentences. */
export function chunkDocument(doc: ChunkSource, options: ChunkOptions = {}): Chunk[] {
  const { maxChars, overlap } = ChunkOptions.parse(options);
  const pieces = units(
    doc.text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p.length > 0),
    maxChars,
  );
  const texts: string[] = [];
  let current = "";
  for (const piece of pieces) {
    if (current && current.length + piece.length + 2 > maxChars) {
      texts.push(current);
      const tail = overlapTail(current, overlap);
      current = tail ? `${tail}\n\n${piece}` : piece;
    } else {
      current = current ? `${current}\n\n${piece}` : piece;
    }
  }
  if (current || texts.length === 0) texts.push(current);
  const { id, text: _text, ...meta } = doc;
  return texts.map((text, ord) => ({ ...meta, id: `${id}#${ord}`, documentId: id, ord, text }));
}

/**
 * A paragraph over the bound breaks into sentences — at a full stop followed by whitespace (a line end inside a
 * sentence is a wrap, not a break), so
 * `60.00%`, `$1.2M` and `v2.3` stay whole — and a table (CSV rows, `|` rows) into whole rows; a piece still over the
 * bound breaks at its last space before it. Nothing is dropped or rewritten.
 */
function splitLong(paragraph: string, maxChars: number): string[] {
  const lines = paragraph.split("\n");
  const tabular = lines.length > 1 && lines.filter((l) => /[,|\t]/.test(l)).length >= 0.8 * lines.length;
  // Each unit with the whitespace that followed it in the text (a line end stays a line end).
  const units: { text: string; sep: string }[] = [];
  // Sentences end at a full stop, not at a line end: PDF and e-mail text wraps lines inside a sentence.
  const pieces = tabular
    ? lines.map((l) => ({ text: l, sep: "\n" }))
    : [...paragraph.matchAll(/(.+?(?:[.!?](?=\s)|$))(\s*)/gs)].map((m) => ({
        text: m[1]!,
        sep: m[2]!.includes("\n") ? "\n" : " ",
      }));
  for (const piece of pieces) {
    let rest = piece.text.trim();
    while (rest.length > maxChars) {
      const cut = rest.lastIndexOf(" ", maxChars);
      const at = cut > maxChars / 2 ? cut : maxChars;
      units.push({ text: rest.slice(0, at), sep: " " });
      rest = rest.slice(at).trimStart();
    }
    if (rest) units.push({ text: rest, sep: piece.sep });
  }
  const out: string[] = [];
  let current = "";
  let sep = "";
  for (const unit of units) {
    if (current && current.length + unit.text.length + 1 > maxChars) {
      out.push(current);
      current = unit.text;
    } else {
      current = current ? `${current}${sep}${unit.text}` : unit.text;
    }
    sep = unit.sep;
  }
  if (current) out.push(current);
  return out;
}
