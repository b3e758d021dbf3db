/** @module OpenRouter: `openrouter:<vendor>/<model>` against openrouter.ai (or `OPENROUTER_BASE_URL`). */
import { defineProvider } from "./define.ts";

export const OPENROUTER = defineProvider({
  name: "openrouter",
  form: "openrouter:<vendor>/<model>",
  baseUrl: { default: "https://openrouter.ai/api/v1", variable: "OPENROUTER_BASE_URL" },
  keyVariable: "OPENROUTER_API_KEY",
  key: "always",
  concurrency: 8,
  maxTokensParam: "max_tokens",
});
