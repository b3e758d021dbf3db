/**
 * @module Token counts for calls whose provider reports no usage: the o200k_base BPE (js-tiktoken), exact for
 * GPT-4o / GPT-5-family text and an estimate for other vendors' tokenizers; recorded as `usage_source: "estimate"`.
 */
import type { Tiktoken } from "js-tiktoken/lite";
import type { ChatMessage } from "./types.ts";

let encoder: Promise<Tiktoken> | null = null;

/** The o200k_base encoder, loaded on first use (its rank table takes about half a second to build). */
function o200k(): Promise<Tiktoken> {
  encoder ??= Promise.all([import("js-tiktoken/lite"), import("js-tiktoken/ranks/o200k_base")]).then(
    ([lite, ranks]) => new lite.Tiktoken(ranks.default),
  );
  return encoder;
}

/** BPE tokens of `text`; special-token strings such as `<|endoftext|>` count as plain text. */
export async function countTokens(text: string): Promise<number> {
  return (await o200k()).encode(text, [], []).length;
}

/** Per-message framing of the chat format (OpenAI cookbook: 3 per message, 3 to prime the reply). */
const MESSAGE_OVERHEAD = 3;
const REPLY_PRIMING = 3;

/** Prompt tokens of a chat request: content tokens plus the chat format's framing. */
export async function countChatTokens(messages: ChatMessage[]): Promise<number> {
  let total = REPLY_PRIMING;
  for (const m of messages)
    total += MESSAGE_OVERHEAD + (await countTokens(m.role)) + (await countTokens(m.content));
  return total;
}
