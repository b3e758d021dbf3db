/** @module One judge question: send the prompt, read the reply, and on an unreadable reply send one repair turn; still unreadable → unscored. */
import { repairQuote } from "../../../llm/repair-quote.ts";
import { countChatTokens, countTokens } from "../../../llm/tokens.ts";
import type { ChatMessage, Model } from "../../../llm/types.ts";
import { repairPrompt } from "../../prompts/repair.ts";
import type { Read } from "./replies.ts";

export type AskSettings = {
  temperature: number;
  seed: number;
  repeat: number;
  /** Attempts including the first (1 = no repair turn). */
  attempts: number;
  maxTokens?: number;
  /** The run the calls are recorded under. */
  runId?: string;
};

export type Answer<T> = { value: T | null; problem: string; tokens: number; raw: string };

/** Ask `prompt`; tokens are the provider's usage (or the o200k count of the messages when it reports none). */
export async function ask<T>(
  model: Model,
  prompt: string,
  read: (text: string) => Read<T>,
  stage: string,
  promptTemplate: string,
  settings: AskSettings,
): Promise<Answer<T>> {
  const messages: ChatMessage[] = [{ role: "user", content: prompt }];
  // A reply that cannot be read is never cached as good (and is recorded in usage as rejected).
  const accept = (text: string) => {
    const r = read(text);
    return r.ok ? null : r.problem;
  };
  let tokens = 0;
  let problem = "";
  let raw = "";
  for (let attempt = 1; attempt <= settings.attempts; attempt++) {
    const result = await model.chat({
      messages,
      temperature: settings.temperature,
      seed: settings.seed,
      maxTokens: settings.maxTokens,
      context: {
        stage,
        role: "judge",
        promptTemplate,
        repeat: settings.repeat,
        ...(settings.runId ? { runId: settings.runId } : {}),
      },
      accept,
    });
    raw = result.text;
    const used = result.usage.inputTokens + result.usage.outputTokens;
    tokens += used > 0 ? used : (await countChatTokens(messages)) + (await countTokens(raw));
    const read_: Read<T> =
      result.finishReason === "length"
        ? { ok: false, problem: "the reply was cut off at the token limit; answer again, briefly." }
        : read(raw);
    if (read_.ok) return { value: read_.value, problem: "", tokens, raw };
    problem = read_.problem;
    messages.push(
      { role: "assistant", content: repairQuote(raw) },
      { role: "user", content: repairPrompt(problem) },
    );
  }
  return {
    value: null,
    problem: `reply unreadable after ${settings.attempts} attempts: ${problem}`,
    tokens,
    raw,
  };
}
