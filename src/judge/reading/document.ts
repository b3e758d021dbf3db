/**
 * @module Free-form Markdown → blocks (headings, paragraphs, bullets, table rows) → claims. Reference sections and
 * footnote definitions become the citation map instead of claims; fenced code is skipped. Line-by-line, never throws.
 */

import { segmentSentences } from "../../retrieval/segment.ts";
import { scanCitations } from "./citations.ts";

export type BlockKind = "heading" | "paragraph" | "bullet" | "table-row";
export type Block = { kind: BlockKind; text: string; section: string; line: number };

/** One checkable statement of a report: its text without citation markers, the keys it cites, where it sits. */
export type Claim = {
  text: string;
  citations: string[];
  section: string;
  kind: "sentence" | "bullet" | "table-row" | "step" | "condition";
  line: number;
};

const REFERENCE_SECTION =
  /^(?:\d+[.)]?\s*)?(references?|sources?|citations?|bibliography|works cited|notes|footnotes)\b/i;
const BULLET = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const DEFINITION = /^\s*\[(\^?\w[\w.-]*)\]:\s*(.+)$/;
/** `Task: …`, `Question: …`, `Prepared for: …` — a report's header fields, not claims. */
const METADATA =
  /^(?:task|task id|question|research question|dr question|date|author|prepared (?:for|by)|to|from|subject|report)\s*:/i;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.replace(/\\\|/g, "|").trim());
}

function stripEmphasis(text: string): string {
  return text
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/__([^_]+)__/g, "$1")
    .replace(/`([^`]+)`/g, "$1");
}

export type ReadDocument = {
  blocks: Block[];
  /** Citation key → what it names (`1` → `IN001_pdf/file.md`, `^2` → URL), from reference sections and definitions. */
  definitions: Map<string, string>;
  /** Entries of reference sections that carry no key (an unnumbered list of sources). */
  sources: string[];
};

/** Split Markdown into blocks; collect reference definitions. */
export function readMarkdown(markdown: string): ReadDocument {
  const blocks: Block[] = [];
  const definitions = new Map<string, string>();
  const sources: string[] = [];
  let section = "";
  let inReferences = false;
  let fence: string | null = null;
  let paragraph: { text: string; line: number; kind: "paragraph" | "bullet" } | null = null;
  let header: string[] | null = null;
  const flush = () => {
    const p = paragraph as { text: string; line: number; kind: "paragraph" | "bullet" } | null;
    if (p?.text.trim()) blocks.push({ kind: p.kind, text: p.text.trim(), section, line: p.line });
    paragraph = null;
  };
  const reference = (entry: string) => {
    const e = entry.trim();
    const m = /^\[([^\]\s]{1,80})\]:?\s+(.+)$/.exec(e) ?? /^(\^?\d{1,4})[.:)]\s+(.+)$/.exec(e);
    if (m) definitions.set(m[1]!.replace(/^DOC:/, ""), m[2]!.trim());
    else if (entry.trim()) sources.push(entry.trim());
  };
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    const fenceMark = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      if (fenceMark && fenceMark[1] === fence) fence = null;
      continue;
    }
    if (fenceMark) {
      flush();
      header = null;
      fence = fenceMark[1]!;
      continue;
    }
    const def = DEFINITION.exec(line);
    if (def) {
      flush();
      definitions.set(def[1]!, def[2]!.trim());
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      header = null;
      section = stripEmphasis(heading[2]!);
      inReferences = REFERENCE_SECTION.test(section);
      if (!inReferences) blocks.push({ kind: "heading", text: section, section, line: n + 1 });
      continue;
    }
    if (!line.trim()) {
      flush();
      header = null;
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line) || (header && line.includes("|"))) {
      flush();
      if (TABLE_SEPARATOR.test(line)) continue;
      const row = cells(line);
      if (!header) {
        const next = lines[n + 1] ?? "";
        if (TABLE_SEPARATOR.test(next)) {
          header = row;
          continue;
        }
        header = [];
      }
      if (inReferences) {
        reference(row.join(" "));
        continue;
      }
      const text = row
        .map((c, i) => (header?.[i] ? `${header[i]}: ${c}` : c))
        .filter((c) => c.replace(/^[^:]*:\s*/, "").trim())
        .join("; ");
      if (text) blocks.push({ kind: "table-row", text: stripEmphasis(text), section, line: n + 1 });
      continue;
    }
    header = null;
    const bullet = BULLET.exec(line);
    if (inReferences) {
      flush();
      reference(line.replace(/^\s*[-*+•]\s+/, ""));
      continue;
    }
    if (bullet) {
      flush();
      paragraph = { text: stripEmphasis(bullet[1]!), line: n + 1, kind: "bullet" };
      continue;
    }
    if (/^\s*(?:---+|\*\*\*+|___+)\s*$/.test(line)) {
      flush();
      continue;
    }
    const text = stripEmphasis(line.replace(/^\s*>\s?/, ""));
    if (paragraph) paragraph.text += ` ${text.trim()}`;
    else paragraph = { text: text.trim(), line: n + 1, kind: "paragraph" };
  }
  flush();
  return { blocks, definitions, sources };
}

/**
 * Claims of the blocks: paragraphs and bullets split into sentences, table rows whole. A sentence without a citation
 * inherits those of the next cited sentence of its block (a paragraph that cites once, at its end, cites every sentence).
 */
export function claimsOf(blocks: readonly Block[]): Claim[] {
  const out: Claim[] = [];
  for (const block of blocks) {
    if (block.kind === "heading" || (block.kind === "paragraph" && METADATA.test(block.text))) continue;
    const pieces = block.kind === "table-row" ? [block.text] : segmentSentences(block.text);
    const scanned = pieces.map(scanCitations);
    let inherited: string[] = [];
    const withCitations: { text: string; citations: string[] }[] = new Array(scanned.length);
    for (let i = scanned.length - 1; i >= 0; i--) {
      const s = scanned[i]!;
      if (s.keys.length > 0) inherited = s.keys;
      withCitations[i] = { text: s.text, citations: s.keys.length > 0 ? s.keys : inherited };
    }
    const kind = block.kind === "table-row" ? "table-row" : block.kind === "bullet" ? "bullet" : "sentence";
    for (const c of withCitations) {
      if (!c.text || !/[\p{L}\p{N}]/u.test(c.text)) continue;
      out.push({ ...c, section: block.section, kind, line: block.line });
    }
  }
  return out;
}
