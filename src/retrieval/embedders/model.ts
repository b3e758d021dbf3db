/** @module The model embedder: vectors from the model layer's `Model.embed` (e.g. OpenAI `text-embedding-3-small`). */
import type { Model } from "../../llm/types.ts";
import { type Embedder, l2normalize } from "./embedder.ts";

/** Embeds through `model.embed`, in batches, attributing usage to the "embedder" role (and `stage`, default `retrieval_index`). */
export function modelEmbedder(
  model: Model,
  options: { batchSize?: number; runId?: string; stage?: string } = {},
): Embedder {
  const batchSize = options.batchSize ?? 64;
  return {
    name: model.handle,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize);
        const vectors = await model.embed(batch, {
          stage: options.stage ?? "retrieval_index",
          role: "embedder",
          runId: options.runId,
        });
        if (vectors.length !== batch.length) {
          throw new Error(
            `embedder ${model.handle}: asked for ${batch.length} vectors, got ${vectors.length}`,
          );
        }
        out.push(...vectors.map(l2normalize));
      }
      return out;
    },
  };
}
