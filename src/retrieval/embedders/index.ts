/** @module Embedders by name: `hashing` (offline) or a model handle embedded through the model layer. */
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
  const hashing = /^hashing(?:-(\d+))?$/.exec(spec);
  if (hashing) return hashingEmbedder(hashing[1] ? { dim: Number(hashing[1]) } : {});
  if (!createModel) {
    throw new Error(
      `embedder "${spec}": only "hashing[-<dim>]" works without a model layer; pass createModel for model handles`,
    );
  }
  return modelEmbedder(createModel(spec));
}
