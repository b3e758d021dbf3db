/**
 * @module Plain DOCX text without mammoth, for the documents that are nothing but paragraphs of runs of text (what the
 * generator writes, and a typical policy or handbook): `word/document.xml` is inflated straight from the zip and read
 * with one pass over its tags. The text is mammoth's raw text — each paragraph's runs followed by a blank line — at a
 * small fraction of its cost (mammoth builds a whole document model first). Anything else (tables, tabs, breaks,
 * fields, hyperlinks, tracked changes, text boxes…) returns null, and the caller asks mammoth.
 * `docx-plain.test.ts` holds it to mammoth's output on every DOCX the repository and a generated corpus hold.
 */
import { inflateRawSync } from "node:zlib";
import { decodeUtf8 } from "../core/utf8.ts";

/** Elements read: containers, paragraphs, runs and their text. */
const CONTAINERS = new Set(["w:document", "w:body", "w:p", "w:r", "w:t"]);
/** Elements whose whole subtree carries no text: skipped. */
const SKIPPED = new Set(["w:pPr", "w:rPr", "w:sectPr", "w:bookmarkStart", "w:bookmarkEnd", "w:proofErr"]);

/** The bytes of one stored or deflated zip entry, by name; null when absent or in a form this reader does not know. */
function zipEntry(zip: Uint8Array, name: string): Uint8Array | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // the end of central directory record: the last PK\5\6 within the final 64 KB + 22 bytes
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  for (let e = 0; e < entries; e++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const entryName = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
    if (entryName !== name) continue;
    if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) return data;
    if (method === 8) return new Uint8Array(inflateRawSync(data));
    return null;
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string | null {
  let bad = false;
  const entity = /&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g;
  // a bare "&" is not XML; "&amp;" is ("Calloway &amp; Finch")
  if (text.replace(entity, "").includes("&")) return null;
  const out = text.replace(entity, (_, e: string) => {
    if (e.startsWith("#x")) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(Number(e.slice(1)));
    const named = ENTITIES[e];
    if (named === undefined) bad = true;
    return named ?? "";
  });
  return bad ? null : out;
}

/** The raw text of a plain DOCX (as mammoth's `extractRawText` gives it), or null when the document is not plain. */
export function plainDocxText(bytes: Uint8Array): string | null {
  const xml = zipEntry(bytes, "word/document.xml");
  if (!xml) return null;
  // word/document.xml is UTF-8: a byte that is not is a broken document, never mojibake
  let text: string;
  try {
    text = decodeUtf8(xml);
  } catch (error) {
    throw new Error(`word/document.xml: ${(error as Error).message}`);
  }
  const body = text.replace(/^<\?xml[^>]*\?>/, "");
  const out: string[] = [];
  let paragraph: string[] | null = null;
  let inText = false;
  let skipping: string | null = null;
  let depth = 0;
  const TAG = /<(\/?)([A-Za-z][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)|(<)/g;
  for (const m of body.matchAll(TAG)) {
    const [, closing, name, , selfClosing, chars, stray] = m;
    if (stray) return null;
    if (chars !== undefined) {
      if (skipping) continue;
      if (inText) {
        const decoded = decodeXml(chars);
        if (decoded === null || !paragraph) return null;
        paragraph.push(decoded);
      } else if (chars.trim() !== "") return null;
      continue;
    }
    if (skipping) {
      if (name === skipping) depth += closing ? -1 : selfClosing ? 0 : 1;
      if (depth === 0) skipping = null;
      continue;
    }
    if (SKIPPED.has(name!)) {
      if (!selfClosing && !closing) {
        skipping = name!;
        depth = 1;
      }
      continue;
    }
    if (!CONTAINERS.has(name!)) return null;
    if (name === "w:p") {
      if (selfClosing) out.push("\n\n");
      else if (closing) {
        if (!paragraph) return null;
        out.push(paragraph.join(""), "\n\n");
        paragraph = null;
      } else {
        if (paragraph) return null;
        paragraph = [];
      }
    } else if (name === "w:t") {
      if (selfClosing) continue;
      if (!closing && !paragraph) return null;
      inText = !closing;
    }
  }
  return skipping || paragraph || inText ? null : out.join("");
}
