/**
 * @module The thread `IndexBuilder` runs: builds environment indexes with an offline embedder, one request at a time
 * (its extraction cache kept between them), and posts back an in-memory index's image or null once a persisted one
 * is complete.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { embedderFor } from "../retrieval/index.ts";
import type { BuildReply, BuildRequest } from "./index-builder.ts";
import { buildIndexImage, loadEnv } from "./load.ts";

declare const self: Worker;

let queue: Promise<void> = Promise.resolve();

async function build(request: BuildRequest): Promise<Uint8Array | null> {
  const embedder = embedderFor(request.embedder);
  if (request.indexPath === undefined) return buildIndexImage(request.loaded, request.split, embedder);
  mkdirSync(dirname(request.indexPath), { recursive: true });
  const env = await loadEnv(request.loaded, {
    split: request.split,
    embedder,
    indexPath: request.indexPath,
    web: "none",
  });
  await env.close();
  return null;
}

self.postMessage({ ready: true } satisfies BuildReply);

self.onmessage = (event: MessageEvent<BuildRequest>) => {
  const request = event.data;
  queue = queue.then(async () => {
    let reply: BuildReply;
    try {
      reply = { id: request.id, image: await build(request) };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    if ("image" in reply && reply.image) self.postMessage(reply, [reply.image.buffer]);
    else self.postMessage(reply);
  });
};
