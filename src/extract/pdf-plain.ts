/**
 * @module Plain PDF text without pdf.js, for PDFs made only of text lines in the standard fonts (what pdfkit writes
 * for the generator, and many simple exports): the page tree is walked, content streams inflated and their text
 * operators read, and each shown string is one line at its baseline — the lines `pdf.ts` builds from pdf.js's text
 * items, at a small fraction of the cost. Anything else (embedded or non-standard fonts, other encodings, spacing
 * operators, XObjects, two strings on one baseline, wide gaps inside a string where pdf.js would insert a space)
 * returns null and the caller asks pdf.js. `pdf-plain.test.ts` holds it to pdf.js's output.
 */
import { inflateSync } from "node:zlib";

/** One shown string: its text, baseline (user space) and font size (`pdf.ts`'s line model). */
export type PlainLine = { text: string; y: number; size: number };

type Obj = { dict: string; stream: Uint8Array | null };

/** WinAnsiEncoding's codes 0x80–0x9F (PDF 32000-1 Annex D); the rest of 0xA0–0xFF is Latin-1. */
const WIN_ANSI_HIGH: Record<number, string> = {
  128: "\u20ac",
  130: "\u201a",
  131: "\u0192",
  132: "\u201e",
  133: "\u2026",
  134: "\u2020",
  135: "\u2021",
  136: "\u02c6",
  137: "\u2030",
  138: "\u0160",
  139: "\u2039",
  140: "\u0152",
  142: "\u017d",
  145: "\u2018",
  146: "\u2019",
  147: "\u201c",
  148: "\u201d",
  149: "\u2022",
  150: "\u2013",
  151: "\u2014",
  152: "\u02dc",
  153: "\u2122",
  154: "\u0161",
  155: "\u203a",
  156: "\u0153",
  158: "\u017e",
  159: "\u0178",
};
const STANDARD_FONTS = /^\/(Helvetica|Times|Courier)(-[A-Za-z]+)?$|^\/(Times-Roman|Symbol|ZapfDingbats)$/;

function decodeWinAnsi(bytes: readonly number[]): string | null {
  let out = "";
  for (const b of bytes) {
    if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else if (b >= 0xa0)
      out += b === 0xa0 ? " " : b === 0xad ? "-" : b === 0xb5 ? "\u03bc" : String.fromCharCode(b);
    else if (WIN_ANSI_HIGH[b]) out += WIN_ANSI_HIGH[b];
    else return null;
  }
  return out;
}

function parseObjects(pdf: string, bytes: Uint8Array): Map<number, Obj> | null {
  const objects = new Map<number, Obj>();
  const OBJ = /(\d+) 0 obj\s*/g;
  for (let m = OBJ.exec(pdf); m; m = OBJ.exec(pdf)) {
    const start = m.index + m[0].length;
    const end = pdf.indexOf("endobj", start);
    if (end < 0) return null;
    let body = pdf.slice(start, end);
    let stream: Uint8Array | null = null;
    const s = /stream\r?\n/.exec(body);
    if (s) {
      const dict = body.slice(0, s.index);
      const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
      if (!length) return null;
      const dataStart = start + s.index + s[0].length;
      const raw = bytes.subarray(dataStart, dataStart + Number(length[1]));
      if (/\/Filter\s*\/FlateDecode/.test(dict)) {
        try {
          stream = new Uint8Array(inflateSync(raw));
        } catch {
          return null;
        }
      } else if (/\/Filter/.test(dict)) return null;
      else stream = raw;
      body = dict;
    }
    objects.set(Number(m[1]), { dict: body, stream });
    OBJ.lastIndex = end;
  }
  return objects;
}

const ref = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
};

/** Pages in order, each with its content streams and its font names → whether each is a plain standard font. */
function pages(
  objects: Map<number, Obj>,
  pdf: string,
): { contents: Uint8Array[]; fonts: Set<string> }[] | null {
  const root = /\/Root\s+(\d+) 0 R/.exec(pdf);
  const catalog = root ? objects.get(Number(root[1])) : undefined;
  const top = catalog ? ref(catalog.dict, "Pages") : null;
  if (top === null) return null;
  const out: { contents: Uint8Array[]; fonts: Set<string> }[] = [];
  const walk = (id: number, depth: number): boolean => {
    const node = objects.get(id);
    if (!node || depth > 32) return false;
    if (/\/Type\s*\/Pages\b/.test(node.dict)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(node.dict);
      if (!kids) return false;
      for (const k of kids[1]!.matchAll(/(\d+) 0 R/g)) if (!walk(Number(k[1]), depth + 1)) return false;
      return true;
    }
    if (!/\/Type\s*\/Page\b/.test(node.dict)) return false;
    if (/\/Rotate\s+(?!0\b)/.test(node.dict) || /\/UserUnit\s+(?!1\b)/.test(node.dict)) return false;
    const contentRefs =
      /\/Contents\s*\[([^\]]*)\]/.exec(node.dict)?.[1] ?? /\/Contents\s+(\d+ 0 R)/.exec(node.dict)?.[1];
    const contents: Uint8Array[] = [];
    for (const c of (contentRefs ?? "").matchAll(/(\d+) 0 R/g)) {
      const s = objects.get(Number(c[1]))?.stream;
      if (!s) return false;
      contents.push(s);
    }
    const resId = ref(node.dict, "Resources");
    const resources =
      resId !== null ? objects.get(resId)?.dict : /\/Resources\s*<<([\s\S]*)>>/.exec(node.dict)?.[1];
    if (resources === undefined || /\/XObject|\/Shading|\/Pattern/.test(resources)) return false;
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? "";
    const fonts = new Set<string>();
    for (const f of fontDict.matchAll(/\/([A-Za-z0-9_.-]+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]))?.dict ?? "";
      const base = /\/BaseFont\s*(\/[A-Za-z0-9-]+)/.exec(font)?.[1] ?? "";
      const plain =
        /\/Subtype\s*\/Type1\b/.test(font) &&
        /\/Encoding\s*\/WinAnsiEncoding\b/.test(font) &&
        STANDARD_FONTS.test(base) &&
        !/\/(FontDescriptor|Widths|ToUnicode|FirstChar)/.test(font);
      if (plain) fonts.add(f[1]!);
    }
    out.push({ contents, fonts });
    return true;
  };
  return walk(top, 0) ? out : null;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Operators that draw or set graphics state but never text. */
const GRAPHICS = new Set(
  "w J j M d ri i gs m l c v y h re S s f F f* B B* b b* n W W* cs CS sc scn SC SCN g G rg RG k K".split(" "),
);

const isSpace = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  isSpace(c) ||
  c === 0x2f ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x28 ||
  c === 0x29 ||
  c === 0x25;
const hexValue = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;

type Operand = number | string | number[] | (number | number[])[];

/** The lines of one page's content, or null when it holds anything this reader does not know. */
function pageLines(content: Uint8Array, fonts: ReadonlySet<string>): PlainLine[] | null {
  const stack: Operand[] = [];
  let array: (number | number[])[] | null = null;
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  let tm: Matrix | null = null;
  let font: string | null = null;
  let size = 0;
  const lines: PlainLine[] = [];
  const n = content.length;
  let i = 0;
  while (i < n) {
    const c = content[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 0x25) {
      while (i < n && content[i] !== 0x0a && content[i] !== 0x0d) i++;
      continue;
    }
    if (c === 0x3c) {
      // a hex string <…> (a dictionary << would be inline image data: not plain)
      if (content[i + 1] === 0x3c) return null;
      const bytes: number[] = [];
      let high = -1;
      for (i++; i < n && content[i] !== 0x3e; i++) {
        const ch = content[i]!;
        if (isSpace(ch)) continue;
        const v = hexValue(ch);
        if (v < 0) return null;
        if (high < 0) high = v;
        else {
          bytes.push(high * 16 + v);
          high = -1;
        }
      }
      if (high >= 0) bytes.push(high * 16);
      i++;
      (array ?? stack).push(bytes as never);
      continue;
    }
    if (c === 0x5b) {
      if (array) return null;
      array = [];
      i++;
      continue;
    }
    if (c === 0x5d) {
      if (!array) return null;
      stack.push(array);
      array = null;
      i++;
      continue;
    }
    if (c === 0x28 || c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) return null;
    let j = i + 1;
    while (j < n && !isDelimiter(content[j]!)) j++;
    if (c === 0x2f) {
      if (array) return null;
      stack.push(String.fromCharCode(...content.subarray(i, j)));
      i = j;
      continue;
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x2b) {
      // a number, read in place: sign, digits, one decimal point
      let k = i;
      const negative = content[k] === 0x2d;
      if (negative || content[k] === 0x2b) k++;
      let value = 0;
      let decimal = false;
      for (; k < j; k++) {
        const d = content[k]!;
        if (d === 0x2e) decimal = true;
        else if (d >= 0x30 && d <= 0x39) value = value * 10 + (d - 0x30);
        else return null;
      }
      // integers in place; a decimal as Number() reads it (the same double pdf.js gets)
      if (decimal) value = Math.abs(Number(String.fromCharCode(...content.subarray(i, j))));
      if (Number.isNaN(value)) return null;
      (array ?? stack).push(negative ? -value : value);
      i = j;
      continue;
    }
    const op = String.fromCharCode(...content.subarray(i, j));
    i = j;
    if (array) return null;
    const args = stack.splice(0);
    const nums = () =>
      args.length === 6 && args.every((a) => typeof a === "number") ? (args as Matrix) : null;
    switch (op) {
      case "q":
        saved.push(ctm);
        break;
      case "Q":
        ctm = saved.pop() ?? ctm;
        break;
      case "cm": {
        const m = nums();
        if (!m) return null;
        ctm = multiply(m, ctm);
        break;
      }
      case "BT":
        tm = [1, 0, 0, 1, 0, 0];
        break;
      case "ET":
        tm = null;
        break;
      case "Tm": {
        const m = nums();
        if (!m || !tm) return null;
        tm = m;
        break;
      }
      case "Tf": {
        const [f, s] = args;
        if (typeof f !== "string" || typeof s !== "number" || !fonts.has(f.slice(1))) return null;
        font = f;
        size = s;
        break;
      }
      case "TJ":
      case "Tj": {
        if (!tm || !font || args.length !== 1) return null;
        const arg = args[0]!;
        const parts = (op === "Tj" ? [arg] : arg) as Operand[];
        if (!Array.isArray(parts)) return null;
        const bytes: number[] = [];
        for (const p of parts) {
          if (typeof p === "number") {
            // a wide gap is a space pdf.js would add; only kerning is read here
            if (p < -100 || p > 300) return null;
          } else if (Array.isArray(p)) for (const b of p as number[]) bytes.push(b);
          else return null;
        }
        // pdf.js drops the spaces a line ends with
        const decoded = decodeWinAnsi(bytes)?.replace(/ +$/, "") ?? null;
        if (decoded === null) return null;
        const t = multiply(multiply([size, 0, 0, size, 0, 0], tm), ctm);
        if (t[1] !== 0 || t[2] !== 0 || t[0] <= 0 || t[3] <= 0) return null;
        if (decoded !== "") {
          const last = lines.at(-1);
          // two strings on one baseline: pdf.js may join them with or without a space
          if (last && Math.abs(last.y - t[5]) <= 0.5) return null;
          lines.push({ text: decoded, y: t[5], size: Math.hypot(t[2], t[3]) });
        }
        // pdfkit moves to the next line with a new Tm; a second string without one would be on the same line
        tm = null;
        break;
      }
      default:
        if (!GRAPHICS.has(op)) return null;
    }
  }
  return array ? null : lines;
}

/** The lines of every page, or null when the PDF is not plain text in standard fonts. */
export function plainPdfLines(bytes: Uint8Array): PlainLine[][] | null {
  const pdf = new TextDecoder("latin1").decode(bytes);
  if (/\/Encrypt\b|\/ObjStm\b|\/XRefStm\b/.test(pdf)) return null;
  const objects = parseObjects(pdf, bytes);
  if (!objects) return null;
  const list = pages(objects, pdf);
  if (!list) return null;
  const out: PlainLine[][] = [];
  for (const page of list) {
    const lines: PlainLine[] = [];
    for (const content of page.contents) {
      const l = pageLines(content, page.fonts);
      if (!l) return null;
      lines.push(...l);
    }
    out.push(lines);
  }
  return out;
}
