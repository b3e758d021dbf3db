/** @module The model layer's public face: handles, `createModel`, structured output, cache, usage and prices. */
export { CacheMode, DEFAULT_CACHE_PATH, LlmCache } from "./cache.ts";
export { type CostTotal, formatCost, knownCost } from "./cost.ts";
export { CacheMissError, MissingKeyError, ProviderError, StructuredOutputError } from "./errors.ts";
export { modelForRole } from "./for-role.ts";
export { Provider, parseHandle, providerOf } from "./handle.ts";
export { type Extracted, extractJson, type LenientResult, parseLenientJson } from "./json-extract.ts";
export { createModel, MODEL_DEFAULTS, type ModelOptions } from "./model.ts";
export { costOf, PRICES, PriceTable, priceOf } from "./prices.ts";
export {
  defineProvider,
  type ProviderDefinition,
  providerByName,
  providerNames,
  registerProvider,
  unregisterProvider,
} from "./providers/index.ts";
export { ROLE_DEFAULT, ROLE_VARIABLE, resolveRole } from "./roles.ts";
export { checkReply, StructuredMode } from "./structured.ts";
export { approxTokenCount, countChatTokens, countTokens } from "./tokens.ts";
export type * from "./types.ts";
