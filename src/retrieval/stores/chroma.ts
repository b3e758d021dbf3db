/** @module The Chroma vector store: a collection on a Chroma server, fed precomputed embeddings (`embeddingFunction: null`). */
import { ChromaClient, type Collection } from "chromadb";
import type { Vector } from "../embedders/embedder.ts";
import type { VectorItem, VectorMatch, VectorStore } from "./vector-store.ts";

export type ChromaOptions = {
  /** Server URL, e.g. `http://127.0.0.1:8000`. */
  url: string;
  /** 3–512 characters of letters, digits, `.`, `_`, `-`. */
  collection: string;
  /** Drop an existing collection of that name first. */
  reset?: boolean;
};

const BATCH = 256;

/** Connect to the server and create (or open) the collection with cosine distance. */
export async function chromaStore(options: ChromaOptions): Promise<VectorStore> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,510}[A-Za-z0-9]$/.test(options.collection)) {
    throw new Error(
      `chromaStore: collection name "${options.collection}" must be 3–512 letters, digits, '.', '_', '-' starting and ending with a letter or digit`,
    );
  }
  const url = new URL(options.url);
  const client = new ChromaClient({
    host: url.hostname,
    port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
    ssl: url.protocol === "https:",
  });
  if (options.reset) {
    await client.deleteCollection({ name: options.collection }).catch(() => undefined);
  }
  const collection: Collection = await client.getOrCreateCollection({
    name: options.collection,
    embeddingFunction: null,
    configuration: { hnsw: { space: "cosine" } },
  });
  return {
    kind: "chroma",
    async upsert(items: VectorItem[]) {
      for (let i = 0; i < items.length; i += BATCH) {
        const batch = items.slice(i, i + BATCH);
        const withMeta = batch.some((b) => b.metadata && Object.keys(b.metadata).length > 0);
        await collection.upsert({
          ids: batch.map((b) => b.id),
          embeddings: batch.map((b) => Array.from(b.vector)),
          // Chroma rejects empty metadata objects: send metadatas only when items carry some.
          ...(withMeta ? { metadatas: batch.map((b) => ({ id: b.id, ...b.metadata })) } : {}),
        });
      }
    },
    async query(vector: Vector, k: number): Promise<VectorMatch[]> {
      const n = Math.min(k, await collection.count());
      if (n <= 0) return [];
      const result = await collection.query({
        queryEmbeddings: [Array.from(vector)],
        nResults: n,
        include: ["distances"],
      });
      const ids = result.ids[0] ?? [];
      const distances = result.distances?.[0] ?? [];
      return ids.map((id, i) => ({ id, distance: distances[i] ?? Number.POSITIVE_INFINITY }));
    },
    count: () => collection.count(),
    async clear() {
      for (;;) {
        const { ids } = await collection.get({ limit: 1000, include: [] });
        if (ids.length === 0) return;
        await collection.delete({ ids });
      }
    },
    async close() {},
  };
}
