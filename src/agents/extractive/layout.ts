/**
 * @module How a policy document is laid out, read the way a person skims it: sections under headings, blocks (a
 * paragraph, a list item, a table row, an FAQ entry), and what each block is — a procedure item, a note about the
 * document, a labelled definition other text points to ("Note 2: …", "Category C1: …", "Rule R3: …"), or a row of a
 * decision table. No block kind depends on a particular list marker or sequencing word being present.
 */
import { isHeadingLine, splitSentences } from "./text.ts";

export type Block = {
  /** The block's text without its list marker, row number or FAQ question. */
  body: string;
  /** The item number a list or table row gives it, when it has one. */
  number: number | null;
  /** A heading the block itself states: a table row's activity cell, a list item's lead before ":", an FAQ question. */
  heading: string | null;
  /** The block opened with a list mark, an item number or table cells. */
  marked: boolean;
};

export type LaidOut = {
  sections: { heading: string; blocks: Block[] }[];
  /** Labelled statements other text refers to: "note 2", "category c1", "criterion c1", "rule r3" → their text. */
  labels: Map<string, string>;
  /** Decision-table rows: [activity, situation, action]. */
  rows: [string, string, string][];
};

/** "1. ", "2) " opening a block. */
const NUMBERED = /^(\d{1,2})[.)]\s+(?=\S)/;
/** Bullet marks: • - – * ▪ ◦ ‣, "[ ]", "☐". */
const BULLET = /^(?:[•▪◦‣*–-]|\[\s?\]|☐)\s+(?=\S)/;
/** A labelled statement: "Note 2: …", "Category C1: …", "Criterion C1 is met when …", "Rule R3: …", "Footnote 1. …". */
const LABELLED =
  /^(note|footnote|category|criterion|rule|definition)\s+([A-Z]{0,3}\d+(?:\.\d+)*)\b[:.]?\s*(.*)$/i;
/** A block that speaks about the document itself: a lead-in or a working note, not a procedure item. */
const ABOUT_DOCUMENT =
  /^note:|\b(?:this|the) (?:document|section|table|checklist|list)\b|\b(?:below|above)\b(?!\s+to\b)|\bin the order given\b/i;

/** Table cells of a line ("a | b | c"), or null when it is not a row. */
export function cells(line: string): string[] | null {
  if (!line.includes(" | ")) return null;
  const parts = line.split(/\s+\|\s+/).map((c) => c.trim());
  return parts.length >= 2 ? parts : null;
}

/** A header row: every cell a short label without sentence punctuation. */
function isHeaderRow(row: readonly string[]): boolean {
  return row.every((c) => c.split(/\s+/).length <= 6 && !/[.;!?]$/.test(c));
}

function toBlock(text: string): Block {
  const row = cells(text);
  if (row) {
    const numbered = /^\d{1,2}$/.test(row[0]!);
    const rest = numbered ? row.slice(1) : row;
    const heading = rest.length >= 2 ? rest[0]! : null;
    const body = heading ? `${heading}: ${rest.slice(1).join(" ")}` : rest.join(" ");
    return { body, number: numbered ? Number(row[0]) : null, heading, marked: true };
  }
  const num = NUMBERED.exec(text);
  if (num) return { ...withLead(text.slice(num[0].length)), number: Number(num[1]), marked: true };
  const bullet = BULLET.exec(text);
  if (bullet) return { ...withLead(text.slice(bullet[0].length)), number: null, marked: true };
  const first = splitSentences(text)[0] ?? "";
  if (first.endsWith("?") && first.length < text.length) {
    // an FAQ entry: the question names the topic, the answer is the item
    return {
      body: text.slice(text.indexOf(first) + first.length).trim(),
      number: null,
      heading: first,
      marked: false,
    };
  }
  return { ...withLead(text), number: null, marked: false };
}

/** A lead phrase before ":" (or a first short sentence ending in "."), read as the item's own heading. */
function withLead(body: string): { body: string; heading: string | null } {
  const colon = /^([^:.;?]{3,90}):\s/.exec(body);
  if (colon && colon[1]!.split(/\s+/).length <= 10) return { body, heading: colon[1]!.trim() };
  return { body, heading: null };
}

/**
 * Read a normalized text into sections and blocks. A block is a run of lines up to a blank line, or a single line when
 * it opens with a list mark, a row's cells or a number; heading lines start sections.
 */
export function layOut(text: string): LaidOut {
  const sections: LaidOut["sections"] = [{ heading: "", blocks: [] }];
  const labels = new Map<string, string>();
  const rows: LaidOut["rows"] = [];
  let buffer: string[] = [];
  const flush = () => {
    if (buffer.length === 0) return;
    const text = buffer.join(" ").trim();
    buffer = [];
    const labelled = LABELLED.exec(text);
    if (labelled?.[3]) {
      labels.set(
        `${labelled[1]!.toLowerCase().replace("footnote", "note")} ${labelled[2]!.toLowerCase()}`,
        text,
      );
      return;
    }
    const row = cells(text);
    if (row && isHeaderRow(row)) return;
    if (row && row.length === 3 && !/^\d{1,2}$/.test(row[0]!)) {
      rows.push([row[0]!, row[1]!, row[2]!.replace(/\.$/, "")]);
      return;
    }
    sections[sections.length - 1]!.blocks.push(toBlock(text));
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (isHeadingLine(line) && !cells(line)) {
      flush();
      sections.push({ heading: line, blocks: [] });
      continue;
    }
    if (NUMBERED.test(line) || BULLET.test(line) || cells(line) || LABELLED.test(line)) flush();
    buffer.push(line);
  }
  flush();
  return { sections: sections.filter((s) => s.blocks.length > 0), labels, rows };
}

/** Whether a block states a procedure item: it is not about the document and says more than one thing. */
export function isItem(block: Block): boolean {
  const sentences = splitSentences(block.body);
  if (sentences.length === 1 && ABOUT_DOCUMENT.test(block.body)) return false;
  if (/^note:/i.test(block.body)) return false;
  return sentences.length >= 2 || block.number !== null || block.heading !== null;
}

/**
 * The procedure sections of a document, as their items: a section with at least two items, or with a list-marked
 * item, or with a block that sequences its sentences (`sequenced`).
 */
export function procedureBlocks(laid: LaidOut, sequenced: (block: Block) => boolean): Block[][] {
  // the lines before a document's first heading are its title block, unless it has no headings at all
  const body =
    laid.sections.length > 1 && laid.sections[0]!.heading === "" ? laid.sections.slice(1) : laid.sections;
  return body
    .map((s) => s.blocks.filter(isItem))
    .filter((items) => items.length >= 2 || items.some((b) => b.marked || sequenced(b)));
}
