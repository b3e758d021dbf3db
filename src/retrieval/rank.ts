/** @module Rank a handful of documents against a query in a throwaway in-memory index (for services without ranked search). */

import { type ChunkSource, chunkDocument } from "./chunk.ts";
import type { Embedder } from "./embedders/embedder.ts";
import { hashingEmbedder } from "./embedders/hashing.ts";
import { HybridIndex, type SearchMode } from "./hybrid.ts";
import type { SearchHit } from "./search-hit.ts";

/** Chunk `docs`, index them in memory, search, and drop the index. */
export async function rankDocuments(
  docs: ChunkSource[],
  query: string,
  options: { limit?: number; mode?: SearchMode; embedder?: Embedder } = {},
): Promise<SearchHit[]> {
  if (docs.length === 0) return [];
  const index = await HybridIndex.open({ embedder: options.embedder ?? hashingEmbedder() });
  try {
    await index.add(docs.flatMap((d) => chunkDocument(d)));
    return await index.search(query, { limit: options.limit ?? 10, mode: options.mode ?? "hybrid" });
  } finally {
    await index.close();
  }
}
