/**
 * @module Passages a model can use: one document's retrieved chunks read in document order (a chunk's overlap with the
 * one before it shown once, the text between two retrieved chunks marked as left out), budgets that cut only between
 * sentences, and what a passage points to inside its own document ("see the decision table", "note 1", the section
 * "…") found among that document's chunks, so the passage arrives with it.
 */
import type { Chunk } from "../../retrieval/chunk.ts";

/** Stands where a document's text between two retrieved passages was not retrieved. */
export const GAP = "[…]";

/** A piece of one document: its text and its chunk ordinal. */
export type Piece = { text: string; order: number };

/** The longest suffix of `a` that starts `b` (a chunk repeats the end of the one before it), at least 12 characters. */
function overlapLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  for (let n = max; n >= 12; n--) if (a.endsWith(b.slice(0, n))) return n;
  return 0;
}

/**
 * A document's pieces as one text, in document order: consecutive chunks joined with the repeated overlap removed, a
 * `[…]` line where chunks in between were not retrieved (and before the first, when it is not the document's start).
 */
export function joinPieces(pieces: readonly Piece[]): string {
  const sorted = [...new Map(pieces.map((p) => [p.order, p])).values()].sort((a, b) => a.order - b.order);
  let out = "";
  let last: Piece | null = null;
  for (const p of sorted) {
    if (last === null) out = p.order > 0 ? `${GAP}\n${p.text}` : p.text;
    else if (p.order === last.order + 1) {
      const cut = overlapLength(last.text, p.text);
      const after = p.text.slice(cut);
      const rest = after.replace(/^\s+/, "");
      // What separated the overlap from the rest in the chunk (a paragraph break, a line) separates them here too.
      const sep = cut > 0 ? (/^\s+/.exec(after)?.[0] ?? " ") : "\n\n";
      if (rest) out += `${sep.includes("\n") ? sep : " "}${rest}`;
    } else out += `\n${GAP}\n${p.text}`;
    last = p;
  }
  return out;
}

/**
 * `text` within `max` characters, cut after the last whole sentence (or, failing one, line) that fits, with a marker saying how much
 * was left out; never in the middle of a sentence (unless its first sentence alone is longer than `max`).
 */
export function cutAtSentence(text: string, max: number, what = "this document"): string {
  if (text.length <= max) return text;
  const marker = (n: number) => `\n[… ${n} more characters of ${what} left out for length]`;
  const room = Math.max(0, max - marker(text.length).length);
  const head = text.slice(0, room);
  const ends = [...head.matchAll(/[.!?:;)"”](?=\s)|\n/g)]
    .filter((m) => m[0] !== "." || !ABBREVIATION.test(head.slice(Math.max(0, m.index! - 6), m.index! + 1)))
    .map((m) => m.index! + m[0].length);
  // a line end after a heading ("14 Monitoring and Review") would leave the heading without its text: the last end
  // after a sentence is taken when there is one
  const sentenceEnds = ends.filter((e) => /[.!?:;)"”]$/.test(head.slice(0, e).trimEnd()));
  const end = sentenceEnds.at(-1) ?? ends.at(-1) ?? room;
  return `${text.slice(0, end).trimEnd()}${marker(text.length - end)}`;
}

/** A full stop that ends an abbreviation or an initial ("Mrs.", "Dr.", "e.g.", "J."), not a sentence. */
const ABBREVIATION = /(?:\b(?:mr|mrs|ms|dr|prof|st|no|vs|etc|inc|ltd|e\.g|i\.e)|\b[A-Z])\.$/i;

/** What a passage can point to inside its document, and how to recognize the chunk that holds it. */
type Pointer = { label: string; holds: (chunk: string) => boolean };

const TABLE_ROW = /^[^\n|]+ \| [^\n|]+ \| [^\n]+$/m;
/** A heading line naming a decision table ("6 Case Decision Matrix"): short, no sentence end. */
const DECISION_HEADING = /^(?=.{0,60}$)[^.!?]*\b(?:decision|case)\s+(?:table|matrix)\b[^.!?]*$/i;

/**
 * A heading line of a definitions section: "5 Definitions", "7 Definitions Used in This Procedure", "Glossary",
 * "Terms and Definitions" — short, no sentence end, one of those words in it.
 */
const DEFINITIONS_HEADING =
  /^(?=.{0,60}$)(?:\d+(?:\.\d+)*\.?\s+)?[^.!?:]*\b(?:definitions?|glossary)\b[^.!?:]*$/i;

/** The pointers in a passage: notes and footnotes, a decision table or matrix, a named section, the definitions. */
export function pointersIn(text: string): Pointer[] {
  const found = new Map<string, Pointer>();
  for (const m of text.matchAll(/\b(?:foot)?note\s+(\d{1,2})\b/gi)) {
    const n = m[1]!;
    found.set(`note ${n}`, {
      label: `note ${n}`,
      holds: (c) => new RegExp(`(?:^|\\n)\\s*(?:foot)?note\\s+${n}\\s*[:.]`, "i").test(c),
    });
  }
  if (/\b(?:decision|case)\s+(?:table|matrix)\b|\bsee the table\b/i.test(text))
    found.set("decision table", {
      label: "the decision table",
      holds: (c) => TABLE_ROW.test(c) || c.split("\n").some((l) => DECISION_HEADING.test(l.trim())),
    });
  // 'section "X"', or a quoted name a passage says something is covered under / described in ('covered under
  // "Operating Procedure" elsewhere'): it is a section when a heading line of the document reads so.
  for (const m of text.matchAll(/\b(?:section|under|in|see)\s+(?:the\s+)?["“']([^"”'\n]{3,80})["”']/gi)) {
    const title = m[1]!.trim().toLowerCase();
    found.set(`section ${title}`, {
      label: `the section "${m[1]!.trim()}"`,
      holds: (c) =>
        c.split("\n").some(
          (l) =>
            l
              .trim()
              .toLowerCase()
              .replace(/^\d+\s+/, "") === title,
        ),
    });
  }
  if (/\b(?:as defined|see (?:the )?(?:definitions?|glossary))\b/i.test(text))
    found.set("definitions", {
      label: "the definitions",
      holds: (c) => c.split("\n").some((l) => DEFINITIONS_HEADING.test(l.trim())),
    });
  return [...found.values()];
}

/** At most this many chunks answer one pointer (a table longer than a chunk spans several). */
export const MAX_POINTED_CHUNKS = 3;

/**
 * The chunks of a passage's own document that hold what it points to (all of them, up to `MAX_POINTED_CHUNKS`: a
 * table's heading and rows may lie in more than one); a pointer the passage answers itself (a note printed right
 * under it) brings nothing.
 */
export function pointedChunks(passage: Chunk, chunks: readonly Chunk[]): { chunk: Chunk; label: string }[] {
  const out: { chunk: Chunk; label: string }[] = [];
  for (const pointer of pointersIn(passage.text)) {
    if (pointer.holds(passage.text)) continue;
    const targets = chunks.filter((c) => c.id !== passage.id && pointer.holds(c.text));
    for (const target of targets.slice(0, MAX_POINTED_CHUNKS))
      if (!out.some((o) => o.chunk.id === target.id)) out.push({ chunk: target, label: pointer.label });
  }
  return out;
}

/**
 * The chunk before a passage when the passage starts inside a paragraph that began there (its first paragraph is the
 * end of the previous chunk's last one): a passage that opens "…see the decision table" needs the sentences before
 * it to say what it is about. Null when the passage starts its paragraph.
 */
export function continuedFrom(passage: Chunk, chunks: readonly Chunk[]): Chunk | null {
  const prev = chunks.find((c) => c.documentId === passage.documentId && c.ord === passage.ord - 1);
  if (!prev) return null;
  const first = passage.text.split("\n\n")[0]!.trim();
  const last = prev.text.slice(prev.text.lastIndexOf("\n\n") + 1).trim();
  return first && last.length > first.length && last.endsWith(first) ? prev : null;
}

/** A paragraph at least this long is shown once per request: later copies become a marker naming where it was shown. */
export const REPEAT_MIN_CHARS = 60;

const normalised = (p: string) => p.replace(/\s+/g, " ").trim();

/** A section heading leading a paragraph ("2 Quality Monitoring"): short, no sentence end. */
const LEADING_HEADING = /^(?=[^\n]{1,60}\n)[^\n.!?:;]*[^\n.!?:;\s]\n/;

/**
 * Documents' texts, in the order a request shows them, with every paragraph (of at least `REPEAT_MIN_CHARS`, its
 * section heading aside) that an earlier document — or the same one — already showed replaced by a marker naming that
 * document (`label`: its title, or its source key), the heading kept; a run of such paragraphs is one marker. The
 * company corpus repeats boilerplate (a patient-rights statement, a scope section, a quoted e-mail) word for word
 * across documents, and a model reads the copies as the request repeating itself.
 */
export function showRepeatsOnce(docs: readonly { label: string; text: string }[]): string[] {
  const firstShown = new Map<string, number>();
  type Out = { sep: string; text: string; run?: { where: number; heading: string; openings: string[] } };
  return docs.map((doc, index) => {
    const parts = doc.text.split(/(\n[ \t]*\n)/);
    const out: Out[] = [];
    for (let k = 0; k < parts.length; k += 2) {
      const sep = k === 0 ? "" : parts[k - 1]!;
      const part = parts[k]!;
      // A heading is kept when only the body repeats; a paragraph repeated heading and all is a marker of its own.
      const whole = firstShown.get(normalised(part));
      const heading = whole === undefined ? (LEADING_HEADING.exec(part)?.[0] ?? "") : "";
      const key = normalised(part.slice(heading.length));
      if (key.length < REPEAT_MIN_CHARS) {
        out.push({ sep, text: part });
        continue;
      }
      const where = whole ?? firstShown.get(key);
      if (where === undefined) {
        firstShown.set(key, index);
        firstShown.set(normalised(part), index);
        out.push({ sep, text: part });
        continue;
      }
      // The same heading and body again later is then a repeat of this paragraph as a whole.
      if (heading) firstShown.set(normalised(part), where);
      const opening = key.split(" ").slice(0, 6).join(" ");
      const last = out.at(-1)?.run;
      if (!heading && last && last.where === where) last.openings.push(opening);
      else out.push({ sep, text: "", run: { where, heading, openings: [opening] } });
    }
    return out
      .map(({ sep, text, run }) => {
        if (!run) return sep + text;
        const what =
          run.openings.length === 1
            ? `the paragraph "${run.openings[0]} …"`
            : `${run.openings.length} paragraphs ("${run.openings[0]} …" to "${run.openings.at(-1)} …")`;
        const where =
          run.where === index ? "earlier in this document" : `under ${docs[run.where]!.label} above`;
        return `${sep}${run.heading}[${what}, word for word as ${where}]`;
      })
      .join("");
  });
}
