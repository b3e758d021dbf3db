import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { type ChromaServer, chromaPaths, startChroma } from "../../scripts/services/chroma.ts";
import { embeddedApp } from "../../src/env/apps/embedded.ts";
import { loadEnv } from "../../src/env/load.ts";
import { chromaStore, HybridIndex, hashingEmbedder } from "../../src/retrieval/index.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { appContract, describeService, FIXTURE_ROOT, vectorContract } from "./contract.ts";

// These tests start servers or read whole suites; bun's default 5 s limit is too tight on a loaded machine.
setDefaultTimeout(60_000);

function missing(): string | null {
  const p = chromaPaths();
  if (!p.cli) return "node_modules/chromadb/dist/cli.mjs not found";
  if (!p.loader) return `no side-loaded glibc in ${p.glibc} (run bash scripts/setup/chroma.sh)`;
  return p.node ? null : "node not found";
}

describeService(
  "contract: vectors in a real Chroma server",
  { check: missing, pkg: "the npm package chromadb and run scripts/setup/chroma.sh" },
  () => {
    let server: ChromaServer;
    let n = 0;
    beforeAll(async () => {
      server = await startChroma();
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
    });

    describe("vector store", () => {
      vectorContract(() => chromaStore({ url: server.url, collection: `contract-${++n}` }));
    });

    describe("embedded app with Chroma-backed vectors", () => {
      appContract("drive", async () => {
        const index = await HybridIndex.open({
          embedder: hashingEmbedder(),
          vectors: await chromaStore({ url: server.url, collection: `app-${++n}` }),
        });
        return { ...embeddedApp("drive", index), close: () => index.close() };
      });
    });

    test("loadEnv with Chroma vectors finds the same top hits as sqlite-vec", async () => {
      const loaded = await loadTask(FIXTURE_ROOT, "mini/mini_01");
      const viaChroma = await loadEnv(loaded, {
        split: "mixed",
        vectors: await chromaStore({ url: server.url, collection: "env-mini" }),
      });
      const local = await loadEnv(loaded, { split: "mixed" });
      for (const q of ["certified interpreter", "Korean interpreter visit", "parking rota"]) {
        const a = await viaChroma.search(q, { limit: 3 });
        const b = await local.search(q, { limit: 3 });
        expect(a.map((h) => h.documentId)).toEqual(b.map((h) => h.documentId));
      }
      await viaChroma.close();
      await local.close();
    });

    test("collection names are checked before reaching the server", async () => {
      await expect(chromaStore({ url: server.url, collection: "x" })).rejects.toThrow(/3–512/);
    });
  },
);
