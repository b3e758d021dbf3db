/** @module Sentence splitting that keeps citation markers with the sentence they end. */
import { citationKeys } from "../../report/citations.ts";

/**
 * Sentences of a text; a `[DOC:…]` marker right after a full stop stays with the sentence before it, and a title's
 * full stop (Mrs., Dr., St.) or a one-letter initial ends no sentence.
 */
export function sentences(text: string): string[] {
  return text
    .replace(/\r?\n+/g, " ")
    .split(
      /(?<!\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|No|vs|[A-Z])\.)(?<=[.!?](?:\s*\[DOC:[^\]]+\])*)\s+(?=[A-Z0-9"'(])/,
    )
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function citationKeysOf(sentence: string): string[] {
  return citationKeys(sentence);
}
