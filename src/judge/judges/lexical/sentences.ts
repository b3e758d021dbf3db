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

/**
 * Parts of a step (title, task, description; or a golden step's personalized task, description and branch) as one
 * text, each sentence once: a step that restates its task in its description, or a branch that repeats the task,
 * reads as garbled to a judge when the same sentence comes two or three times. Of two sentences where one holds the
 * other, the fuller is kept; every sentence ends with a full stop.
 */
export function distinctSentences(parts: readonly string[]): string {
  const kept: string[] = [];
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\s.]+$/, "")
      .replace(/\s+/g, " ");
  for (const part of parts) {
    for (const sentence of sentences(part)) {
      const k = key(sentence);
      if (!k || kept.some((t) => key(t).includes(k))) continue;
      const shorter = kept.findIndex((t) => k.includes(key(t)));
      if (shorter >= 0) kept[shorter] = sentence;
      else kept.push(sentence);
    }
  }
  return kept.map((s) => (/[.!?]$/.test(s) ? s : `${s}.`)).join(" ");
}
