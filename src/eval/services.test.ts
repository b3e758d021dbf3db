import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexPathFor } from "../env/load.ts";
import { hashingEmbedder } from "../retrieval/index.ts";
import { RunStore } from "../store/run-store.ts";
import { defaultServices, LEXICAL } from "./services.ts";

const ROOT = join(import.meta.dir, "../../test/fixtures/env");
const indexDir = mkdtempSync(join(tmpdir(), "drflow-services-"));
const store = new RunStore(":memory:");
afterAll(() => {
  store.close();
  rmSync(indexDir, { recursive: true, force: true });
});

test("with an index dir, environments are kept per task, split and embedder, in `drflow env`'s layout", async () => {
  const services = defaultServices({ root: ROOT, store, judge: LEXICAL, indexDir });
  const loaded = await services.loadTask("mini/mini_01");
  for (const split of ["original", "mixed", "original"] as const) {
    const env = await services.openEnv(loaded, split);
    try {
      expect((await env.list()).length).toBe(split === "original" ? 4 : 5);
    } finally {
      await env.close();
    }
  }
  const files = readdirSync(join(indexDir, "mini", "mini_01")).filter((f) => f.endsWith(".sqlite"));
  const name = hashingEmbedder().name;
  expect(files.sort()).toEqual([`mixed-${name}.sqlite`, `original-${name}.sqlite`]);
  // The same path function serves `drflow env`, so both commands share these files.
  expect(existsSync(indexPathFor(indexDir, "mini/mini_01", "mixed", hashingEmbedder()))).toBe(true);
});

test("index paths come only from safe task references", () => {
  expect(() => indexPathFor(indexDir, "../etc/passwd", "original", hashingEmbedder())).toThrow(/safe ids/);
  expect(indexPathFor("d", "demo/b2b_01", "mixed", { name: "openai:text-embedding-3-small" })).toBe(
    join("d", "demo", "b2b_01", "mixed-openai_text-embedding-3-small.sqlite"),
  );
});

test("without one, the environment is built in memory and nothing is written", async () => {
  const services = defaultServices({ root: ROOT, store, judge: LEXICAL });
  const env = await services.openEnv(await services.loadTask("mini/mini_01"), "original");
  await env.close();
  expect(existsSync(join(".drflow", "env", "mini"))).toBe(false);
});
