import { Database } from "bun:sqlite";
import { describe } from "bun:test";
import { embeddedApp } from "../../src/env/apps/embedded.ts";
import { HybridIndex, hashingEmbedder, sqliteVecStore } from "../../src/retrieval/index.ts";
import { appContract, vectorContract } from "./contract.ts";

for (const app of ["drive", "files", "chat", "email"] as const) {
  describe(`contract: embedded ${app} app`, () => {
    appContract(app, async () => {
      const index = await HybridIndex.open({ embedder: hashingEmbedder() });
      const inner = embeddedApp(app, index);
      return { ...inner, close: () => index.close() };
    });
  });
}

describe("contract: sqlite-vec vector store", () => {
  vectorContract(async () => {
    const db = new Database(":memory:");
    const store = sqliteVecStore(db, "t");
    return { ...store, close: async () => db.close() };
  });
});
