/** @module The user's evidence as sentences: message bodies without headers, quotes or chat prefixes, and term weights. */
import type { EnvDocument } from "../../env/types.ts";
import { isHeadingLine, normalizeText, splitSentences, termSet, words } from "./text.ts";

/** Lines that carry no fact of the case: mail headers, quoted replies, "On … wrote:", Markdown headings, italic meta lines. */
const SKIP_LINE = /^(>|(subject|from|to|cc|bcc|date|channel|sent):\s|on .{6,80} wrote:$|#|_.*_$)/i;
/** `[2025-08-03T15:04:00.000Z] dmitri.gallagher: ` in front of a chat post. */
const CHAT_PREFIX = /^\[[^\]]+\]\s+[\w.@-]+:\s*/;
/** Sentences shorter than this (in words) are greetings, sign-offs and acknowledgements. */
const MIN_WORDS = 5;

/** The fact-bearing sentences of a document. */
export function factSentences(doc: Pick<EnvDocument, "text">): string[] {
  const lines = normalizeText(doc.text)
    .split("\n")
    .map((l) => l.replace(CHAT_PREFIX, "").trim())
    .filter((l) => l && !SKIP_LINE.test(l) && !isHeadingLine(l));
  return splitSentences(lines.join("\n")).filter((s) => words(s).length >= MIN_WORDS);
}

/** Inverse document frequency over the environment's documents: `ln(1 + N / df)`; unseen terms weigh the most. */
export function inverseDocumentFrequency(
  docs: readonly Pick<EnvDocument, "text" | "title">[],
): (term: string) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of termSet(`${d.title} ${d.text}`)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  return (term) => Math.log(1 + n / (df.get(term) ?? 1));
}
