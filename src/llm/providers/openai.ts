/** @module OpenAI: `openai:<model>` against api.openai.com (or `OPENAI_BASE_URL`, as the openai SDK reads it). */
import { defineProvider } from "./define.ts";

export const OPENAI = defineProvider({
  name: "openai",
  form: "openai:<model>",
  baseUrl: { default: "https://api.openai.com/v1", variable: "OPENAI_BASE_URL" },
  keyVariable: "OPENAI_API_KEY",
  key: "always",
  concurrency: 8,
  // OpenAI's reasoning models refuse max_tokens; max_completion_tokens is its current name for every chat model.
  maxTokensParam: "max_completion_tokens",
});
