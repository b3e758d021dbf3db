/**
 * @module Any OpenAI-compatible server (vLLM, Ollama, llama.cpp): `compat:<base URL>#<model>`. It needs no key;
 * `DRFLOW_COMPAT_API_KEY` is sent only to the server `DRFLOW_COMPAT_BASE_URL` names, never to whatever URL a handle carries.
 */
import { defineProvider } from "./define.ts";

export const COMPAT = defineProvider({
  name: "compat",
  form: "compat:<base URL>#<model>",
  baseUrl: "in-handle",
  keyVariable: "DRFLOW_COMPAT_API_KEY",
  key: { configuredUrlVariable: "DRFLOW_COMPAT_BASE_URL" },
  concurrency: 4,
  maxTokensParam: "max_tokens",
});
