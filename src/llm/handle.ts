/** @module Model handles: `openai:<model>`, `openrouter:<model>`, `compat:<base URL>#<model>` → provider, base URL, model, key variable. */
import { z } from "zod";

export const Provider = z.enum(["openai", "openrouter", "compat"]);
export type Provider = z.infer<typeof Provider>;

export const OPENAI_BASE_URL = "https://api.openai.com/v1";
export const OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1";

/** Environment variable that holds each provider's key; `compat` servers take an optional `DRFLOW_COMPAT_API_KEY`. */
export const KEY_VARIABLE: Record<Provider, string> = {
  openai: "OPENAI_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
  compat: "DRFLOW_COMPAT_API_KEY",
};

export const ParsedHandle = z.object({
  handle: z.string(),
  provider: Provider,
  baseURL: z.string(),
  model: z.string().min(1),
});
export type ParsedHandle = z.infer<typeof ParsedHandle>;

const HANDLE_HELP =
  'expected "openai:<model>", "openrouter:<vendor>/<model>" or "compat:<base URL>#<model>", e.g. compat:http://127.0.0.1:8000/v1#qwen2.5-7b';

/** Parse a handle; an unknown provider or an empty model is an error quoting the handle and the accepted forms. */
export function parseHandle(handle: string): ParsedHandle {
  const colon = handle.indexOf(":");
  const provider = Provider.safeParse(colon > 0 ? handle.slice(0, colon) : "");
  if (!provider.success) throw new Error(`model handle "${handle}": unknown provider; ${HANDLE_HELP}`);
  const rest = handle.slice(colon + 1);
  if (provider.data === "compat") {
    const hash = rest.lastIndexOf("#");
    const baseURL = hash > 0 ? rest.slice(0, hash).replace(/\/+$/, "") : "";
    const model = hash > 0 ? rest.slice(hash + 1) : "";
    if (!/^https?:\/\/[^\s]+$/.test(baseURL) || !model) {
      throw new Error(`model handle "${handle}": ${HANDLE_HELP}`);
    }
    return { handle, provider: "compat", baseURL, model };
  }
  if (!rest.trim()) throw new Error(`model handle "${handle}": empty model name; ${HANDLE_HELP}`);
  const baseURL = provider.data === "openai" ? OPENAI_BASE_URL : OPENROUTER_BASE_URL;
  return { handle, provider: provider.data, baseURL, model: rest };
}
