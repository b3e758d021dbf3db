/** @module A ranked search result with its source metadata: what the hybrid index, the rankers and every app's search return. */
import type { AppName } from "../core/index.ts";

/** A ranked search result with its source metadata. */
export type SearchHit = {
  documentId: string;
  chunkId: string;
  app: AppName;
  title: string;
  path: string;
  score: number;
  snippet: string;
  text: string;
  author: string;
  date: string;
  channel?: string;
  subject?: string;
};
