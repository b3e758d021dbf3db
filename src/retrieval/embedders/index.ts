/** @module Embedders by name: `hashing` (offline) or a model handle embedded through the model layer. */
import { redactSecrets } from "../../core/redact.ts";
import { OFFLINE_EMBEDDER } from "../../llm/roles.ts";
import type { Model } from "../../llm/types.ts";
import type { Embedder } from "./embedder.ts";
import { hashingEmbedder } from "./hashing.ts";
import { modelEmbedder } from "./model.ts";

export type { Embedder } from "./embedder.ts";
export { l2normalize } from "./embedder.ts";
export { hashingEmbedder } from "./hashing.ts";
export { modelEmbedder } from "./model.ts";

/**
 * `"hashing"` or `"hashing-<dim>"` → the offline embedder; anything else is a model handle
 * (`openai:text-embedding-3-small`) resolved by `createModel`, which the caller passes in.
 */
export function embedderFor(spec: string, createModel?: (handle: string) => Model): Embedder {
  const hashing = OFFLINE_EMBEDDER.exec(spec);
  if (hashing) return hashingEmbedder(hashing[1] ? { dim: Number(hashing[1]) } : {});
  if (!createModel) {
    throw new Error(
      `embedder "${spec}": only "hashing[-<dim>]" works without a model layer; pass createModel for model handles`,
    );
  }
  return modelEmbedder(createModel(spec));
}

/**
 * An embedder by spec whose model is created on its first batch (so a run that never embeds needs no key; one that
 * does fails naming the key, the role and the variable): `hashing[-<dim>]` is the offline embedder at once. The name
 * never carries credentials (index paths, traces and run identities show it).
 */
export function lazyEmbedder(
  spec: string,
  create: () => Model,
  options: { runId?: string; stage?: string; batchSize?: number } = {},
): Embedder {
  if (OFFLINE_EMBEDDER.test(spec)) return embedderFor(spec);
  let inner: Embedder | null = null;
  return {
    name: redactSecrets(spec),
    embed(texts) {
      inner ??= modelEmbedder(create(), options);
      return inner.embed(texts);
    },
  };
}

/**
 * The embedder a model layer's embedder role names (`DRFLOW_EMBEDDER_MODEL`, else the default): offline hashing for
 * `hashing[-<dim>]`, else the role's model — never the chat model itself. Null when the model has no role layer.
 */
export function roleEmbedder(
  model: Model,
  options: { runId?: string; stage?: string; batchSize?: number } = {},
): Embedder | null {
  const spec = model.roleHandle?.("embedder");
  if (!spec || !model.forRole) return null;
  return lazyEmbedder(spec, () => model.forRole!("embedder"), options);
}
