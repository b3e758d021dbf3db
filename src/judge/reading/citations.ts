/**
 * @module Citation forms of free-form and DRFlow reports, found and stripped in one pass: `[DOC:id]`, `[path/to/file.md]`,
 * `[id]`, numbered references `[1]` / `[1, 3]` / footnotes `[^2]`, Markdown links `[text](url)`, bare URLs and
 * `(Source: …)` parentheticals. Keys come back as written (`1`, `^2`, a path, an id, a URL); `references.ts` resolves them.
 */

export type CitationScan = {
  /** The text with every citation marker removed (link texts kept), whitespace tidied. */
  text: string;
  /** Citation keys in order of first appearance, deduplicated. */
  keys: string[];
};

/** `[DOC:a, b]` — drflow's marker. */
const DOC = /^DOC:\s*(.+)$/s;
/** `[1]`, `[1, 2]`, `[1-3]`, `[^4]` — numbered references and footnotes. */
const NUMBERED = /^\^?\d+(?:\s*(?:[,;–-]|and)\s*\^?\d+)*$/;
/** `[Source: x]`, `[file: x]`, `[see x]`. */
const LABELLED = /^(?:sources?|files?|doc(?:ument)?s?|ref(?:erence)?s?|see|cited?|from)\s*:?\s+(.+)$/is;
/** An id or path written without spaces: at least one of `/ . _ :` or a digit, so `[sic]` and `[x]` are not citations. */
const ID_LIKE = /^[\w.~/:#@%+-]+$/u;
const URL = /\bhttps?:\/\/[^\s<>()[\]"']+[^\s<>()[\]"'.,;:!?]/g;

function numberedKeys(inner: string): string[] {
  const keys: string[] = [];
  for (const part of inner.split(/\s*(?:[,;]|and)\s*/)) {
    const range = /^(\^?)(\d+)\s*[–-]\s*\^?(\d+)$/.exec(part.trim());
    if (range) {
      const [from, to] = [Number(range[2]), Number(range[3])];
      for (let n = from; n <= to && n - from < 50; n++) keys.push(`${range[1]}${n}`);
    } else if (part.trim()) keys.push(part.trim());
  }
  return keys;
}

function idLike(part: string): boolean {
  const p = part.trim();
  return (
    p.length > 1 && p.length <= 300 && ID_LIKE.test(p) && /[/._:\d]/.test(p) && !/^\d+(\.\d+)?%?$/.test(p)
  );
}

/** Citation keys named inside one pair of square brackets, or null when the brackets are not a citation. */
export function bracketKeys(inner: string): string[] | null {
  const s = inner.trim();
  if (!s) return null;
  const doc = DOC.exec(s);
  if (doc)
    return doc[1]!
      .split(/[,;]\s*/)
      .map((k) => k.replace(/^DOC:/, "").trim())
      .filter(Boolean);
  if (NUMBERED.test(s)) return numberedKeys(s);
  const labelled = LABELLED.exec(s);
  const body = labelled ? labelled[1]! : s;
  const parts = body.split(/\s*[;,]\s*|\s+and\s+/).filter(Boolean);
  if (parts.length > 0 && parts.every(idLike)) return parts.map((p) => p.trim());
  if (labelled && body.trim()) return [body.trim()];
  return null;
}

/**
 * Find and strip citations. A bracket that is a Markdown link keeps its text and cites the URL; a bracket that names no
 * citation (`[sic]`, `[emphasis added]`) stays in the text. Scans with one left-to-right pass; never throws.
 */
export function scanCitations(text: string): CitationScan {
  const keys: string[] = [];
  const add = (k: string) => {
    const key = k.trim();
    if (key && !keys.includes(key)) keys.push(key);
  };
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "[") {
      const close = text.indexOf("]", i + 1);
      const nested = text.indexOf("[", i + 1);
      if (close > i && (nested < 0 || nested > close)) {
        const inner = text.slice(i + 1, close);
        // Markdown link [text](url)
        if (text[close + 1] === "(") {
          const end = text.indexOf(")", close + 2);
          if (end > close) {
            const target =
              text
                .slice(close + 2, end)
                .trim()
                .split(/\s+/)[0] ?? "";
            const innerKeys = bracketKeys(inner);
            if (target) add(target);
            if (!innerKeys) out += inner;
            i = end + 1;
            continue;
          }
        }
        const found = bracketKeys(inner);
        if (found) {
          for (const k of found) add(k);
          i = close + 1;
          continue;
        }
      }
    } else if (ch === "(" && /^\((?:sources?|see|ref(?:erence)?s?|cited?)\s*:/i.test(text.slice(i, i + 14))) {
      const close = text.indexOf(")", i + 1);
      if (close > i) {
        const inner = text.slice(i + 1, close).replace(/^[^:]*:\s*/, "");
        for (const part of inner.split(/\s*;\s*|\s*,\s*/)) add(part.replace(/^`|`$/g, ""));
        i = close + 1;
        continue;
      }
    }
    out += ch;
    i++;
  }
  out = out.replace(URL, (url) => {
    add(url);
    return "";
  });
  const tidy = out
    .replace(/<\s*>|\(\s*\)/g, "")
    .replace(/\s+([.,;:!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
  return { text: tidy, keys };
}
