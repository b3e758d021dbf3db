/** @module The model interface every LLM caller (generator, agents, judges) codes against. */
import type { z } from "zod";

export type { Role } from "../core/usage.ts";

import type { Role } from "../core/usage.ts";

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/** Who a call is for, so its usage can be attributed: run, stage (e.g. "S2", "research_planning"), role. */
export type CallContext = {
  runId?: string;
  stage: string;
  role: Role;
  /** Hash or name of the prompt template the messages were built from. */
  promptTemplate?: string;
  /** Distinguishes deliberate repeats of the same request (judge repeats) in the cache. */
  repeat?: number;
};

export type Usage = {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  latencyMs: number;
  cached: boolean;
  /** false when the handle has no price in the table (costUsd is then 0, not a real figure). */
  costKnown?: boolean;
  /** Where the token counts came from: the provider's usage, or an o200k_base count (an estimate for non-OpenAI tokenizers). */
  usageSource?: "provider" | "estimate";
};

export type ChatRequest = {
  messages: ChatMessage[];
  temperature?: number;
  seed?: number;
  maxTokens?: number;
  context: CallContext;
  /**
   * Checks the reply: a problem (a string) keeps it out of the cache as good and is recorded with the call; the reply
   * is still returned, for the caller to repair or fail on.
   */
  accept?: (text: string) => string | null;
};

/** `finishReason` is the provider's (`stop`, `length` when cut off at the token limit, …), null from the cache. */
export type ChatResult = { text: string; usage: Usage; finishReason?: string | null };

export type ObjectRequest<S extends z.ZodType> = ChatRequest & {
  schema: S;
  /** Name of the schema in JSON-schema response formats. */
  schemaName: string;
  /** Attempts including the first (default 3). */
  maxAttempts?: number;
};

export type ObjectResult<T> = { object: T; usage: Usage; attempts: number; raw: string };

/** A model behind a handle such as `openai:gpt-4o` or `compat:http://127.0.0.1:8000/v1#qwen2.5-7b`. */
export interface Model {
  readonly handle: string;
  chat(request: ChatRequest): Promise<ChatResult>;
  generateObject<S extends z.ZodType>(request: ObjectRequest<S>): Promise<ObjectResult<z.infer<S>>>;
  embed(texts: string[], context: CallContext): Promise<number[][]>;
  /**
   * The model a role resolves to (`DRFLOW_<ROLE>_MODEL`, else the default) with this model's options — usage sink,
   * cache, environment — so e.g. a judge embeds with the embedder role, never with its chat model.
   */
  forRole?(role: Role): Model;
  /** The handle a role resolves to with this model's environment (`hashing` for an offline embedder role). */
  roleHandle?(role: Role): string;
}
