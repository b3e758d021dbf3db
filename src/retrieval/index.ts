/** @module Retrieval: chunking, embedders (hashing, model), vector stores (sqlite-vec, Chroma), hybrid BM25 + vector search, session index. */
export { Chunk, ChunkOptions, type ChunkSource, chunkDocument } from "./chunk.ts";
export * from "./embedders/index.ts";
export { ftsQuery } from "./fts.ts";
export { RRF_K, reciprocalRankFusion } from "./fusion.ts";
export { HybridIndex, type HybridIndexOptions, type SearchMode, type SearchOptions } from "./hybrid.ts";
export { porterStem } from "./porter.ts";
export { rankDocuments } from "./rank.ts";
export { segmentSentences } from "./segment.ts";
export { Finding, SessionIndex, type StoredFinding } from "./session.ts";
export { snippet } from "./snippet.ts";
export { type ChromaOptions, chromaStore } from "./stores/chroma.ts";
export { loadVec, sqliteVecStore } from "./stores/sqlite-vec.ts";
export type { VectorItem, VectorMatch, VectorStore } from "./stores/vector-store.ts";
export { suffixStem, words } from "./tokenize.ts";
