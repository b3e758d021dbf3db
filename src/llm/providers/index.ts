/**
 * @module The provider registry: every provider's declaration, and the lists derived from it. Adding a provider is its
 * own file plus one entry here (or `registerProvider`).
 */
import { COMPAT } from "./compat.ts";
import type { ProviderDefinition } from "./define.ts";
import { OPENAI } from "./openai.ts";
import { OPENROUTER } from "./openrouter.ts";

export type { ProviderDefinition } from "./define.ts";
export { defineProvider } from "./define.ts";

const PROVIDERS: ProviderDefinition[] = [OPENAI, OPENROUTER, COMPAT];

/** Add a provider; a name already taken is an error. */
export function registerProvider(definition: ProviderDefinition): void {
  if (PROVIDERS.some((p) => p.name === definition.name))
    throw new Error(`provider "${definition.name}" is already registered`);
  PROVIDERS.push(definition);
}

/** Remove a provider `registerProvider` added (tests clean up after themselves). */
export function unregisterProvider(name: string): void {
  const i = PROVIDERS.findIndex((p) => p.name === name);
  if (i >= 0) PROVIDERS.splice(i, 1);
}

/** The registered providers' names, e.g. for the API's handle check. */
export function providerNames(): string[] {
  return PROVIDERS.map((p) => p.name);
}

/** A registered provider, or undefined. */
export function providerByName(name: string): ProviderDefinition | undefined {
  return PROVIDERS.find((p) => p.name === name);
}

/** The accepted handle forms, for help texts and errors. */
export function handleForms(): string[] {
  return PROVIDERS.map((p) => p.form);
}
