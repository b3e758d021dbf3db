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
    // indexed in id order, so ties rank the same whatever order a service listed the documents in
    const ordered = [...docs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await index.add(ordered.flatMap((d) => chunkDocument(d)));
    return await index.search(query, { limit: options.limit ?? 10, mode: options.mode ?? "hybrid" });
  } finally {
    await index.close();
  }
}
