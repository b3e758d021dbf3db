/**
 * @module Model handles: `openai:<model>`, `openrouter:<model>`, `compat:<base URL>#<model>` → provider, base URL,
 * model, per-handle capabilities and prices (`?structured=…&input_per_1m=…&output_per_1m=…` after the model), and
 * credentials carried in the URL (kept out of the handle everything else sees).
 */
import { z } from "zod";
import { liveEnum } from "../core/live-enum.ts";
import { redactSecrets, rememberUrlSecrets } from "../core/redact.ts";
import { handleForms, type ProviderDefinition, providerByName, providerNames } from "./providers/index.ts";

/** A registered provider's name (src/llm/providers/: each provider declares its prefix, URLs, key variable, limits). */
export const Provider = liveEnum("provider", providerNames);
export type Provider = z.infer<typeof Provider>;

/** A handle's provider declaration. */
export function providerOf(handle: Pick<ParsedHandle, "provider">): ProviderDefinition {
  return providerByName(handle.provider)!;
}

/** How a handle asks for structured output: JSON-schema response format, JSON mode, or the schema in the prompt. */
export const StructuredMode = z.enum(["json_schema", "json_object", "prompt"]);
export type StructuredMode = z.infer<typeof StructuredMode>;

/** Options after the model name: `?structured=json_object&input_per_1m=0.2&output_per_1m=0.6`. */
export const HandleOptions = z.strictObject({
  structured: StructuredMode.optional(),
  input_per_1m: z.coerce.number().min(0).optional(),
  output_per_1m: z.coerce.number().min(0).optional(),
});
export type HandleOptions = z.infer<typeof HandleOptions>;

export const ParsedHandle = z.object({
  /** The handle with credentials redacted: what usage, cache, traces and messages show. */
  handle: z.string(),
  provider: Provider,
  /** Without user info or query (those travel as the key and as default query parameters). */
  baseURL: z.string(),
  model: z.string().min(1),
  /** The handle a price is looked up under: no options, no credentials. */
  priceKey: z.string(),
  options: HandleOptions,
  /** A key given in the URL's user info (`http://user:KEY@host/v1`), sent as the bearer token. */
  credential: z.string().nullable(),
  /** Query parameters of the base URL (e.g. Azure's `api-version`), sent with every request. */
  query: z.record(z.string(), z.string()),
});
export type ParsedHandle = z.infer<typeof ParsedHandle>;

const handleHelp = () =>
  `expected ${handleForms()
    .map((f) => `"${f}"`)
    .join(
      ", ",
    )}, e.g. compat:http://127.0.0.1:8000/v1#qwen2.5-7b; options go after the model: #qwen2.5-7b?structured=json_object&input_per_1m=0.2&output_per_1m=0.6`;

function parseOptions(shown: string, text: string): HandleOptions {
  if (!text) return {};
  const parsed = HandleOptions.safeParse(Object.fromEntries(new URLSearchParams(text)));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(
    `model handle "${shown}": option ${issue.path.join(".") || "?"}: ${issue.message} (options: structured=json_schema|json_object|prompt, input_per_1m, output_per_1m)`,
  );
}

/** Split a base URL into the URL requests go to, a credential from its user info, and its query parameters. */
function splitUrl(
  shown: string,
  url: string,
): { baseURL: string; credential: string | null; query: Record<string, string> } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`model handle "${shown}": "${redactSecrets(url)}" is not a URL; ${handleHelp()}`);
  }
  rememberUrlSecrets(url);
  const credential = decodeURIComponent(parsed.password || parsed.username) || null;
  const query = Object.fromEntries(parsed.searchParams);
  parsed.username = "";
  parsed.password = "";
  parsed.search = "";
  return { baseURL: parsed.toString().replace(/\/+$/, ""), credential, query };
}

/**
 * Parse a handle; an unknown provider, an empty model or a bad option is an error quoting the (redacted) handle and
 * the accepted forms. `env` supplies `OPENAI_BASE_URL` / `OPENROUTER_BASE_URL`.
 */
export function parseHandle(handle: string, env: Record<string, string | undefined> = {}): ParsedHandle {
  const shown = redactSecrets(handle);
  const colon = handle.indexOf(":");
  const provider = providerByName(colon > 0 ? handle.slice(0, colon) : "");
  if (!provider) throw new Error(`model handle "${shown}": unknown provider; ${handleHelp()}`);
  const rest = handle.slice(colon + 1);
  let url: string;
  let modelPart: string;
  if (provider.baseUrl === "in-handle") {
    const hash = rest.lastIndexOf("#");
    url = hash > 0 ? rest.slice(0, hash) : "";
    modelPart = hash > 0 ? rest.slice(hash + 1) : "";
    if (!/^https?:\/\/[^\s]+$/.test(url) || !modelPart.split("?")[0]) {
      throw new Error(`model handle "${shown}": ${handleHelp()}`);
    }
  } else {
    modelPart = rest;
    url = env[provider.baseUrl.variable] || provider.baseUrl.default;
    if (!modelPart.split("?")[0]!.trim())
      throw new Error(`model handle "${shown}": empty model name; ${handleHelp()}`);
  }
  const question = modelPart.indexOf("?");
  const model = question < 0 ? modelPart : modelPart.slice(0, question);
  const options = parseOptions(shown, question < 0 ? "" : modelPart.slice(question + 1));
  const { baseURL, credential, query } = splitUrl(shown, url);
  const bare =
    provider.baseUrl === "in-handle" ? `${provider.name}:${baseURL}#${model}` : `${provider.name}:${model}`;
  return {
    handle: shown,
    provider: provider.name,
    baseURL,
    model,
    priceKey: bare,
    options,
    credential,
    query,
  };
}
