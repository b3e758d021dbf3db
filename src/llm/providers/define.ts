/**
 * @module A model provider declares itself once: its handle prefix and form, where requests go, which variable holds
 * its key, how many requests it takes at once, and its request dialect. Handle parsing, key lookup, the model layer's
 * limits, `drflow models` and the API's handle check derive from these declarations (providers/index.ts lists them).
 */

export type ProviderDefinition = {
  /** The handle prefix: `openai` in `openai:gpt-4o`. */
  readonly name: string;
  /** The handle's form for help texts, e.g. `openai:<model>`. */
  readonly form: string;
  /** Where requests go: a fixed base URL (overridable by a variable, as the provider's SDK honours it), or the URL the
   *  handle carries (`compat:<base URL>#<model>`). */
  readonly baseUrl: { readonly default: string; readonly variable: string } | "in-handle";
  /** The environment variable holding the key. */
  readonly keyVariable: string;
  /**
   * When a key is needed: `always` (missing is an error naming the variable), or `configured-url` (an OpenAI-compatible
   * server: the key is sent only to the server the named variable configures, else none).
   */
  readonly key: "always" | { readonly configuredUrlVariable: string };
  /** Requests in flight at once per model handle. */
  readonly concurrency: number;
  /** The request body's output-token limit field. */
  readonly maxTokensParam: "max_completion_tokens" | "max_tokens";
};

/** Declare a provider (a typed identity: the declaration is the value). */
export function defineProvider(definition: ProviderDefinition): ProviderDefinition {
  return definition;
}
