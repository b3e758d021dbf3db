/**
 * Environment indexes built on the builder's thread (#20): the same environment as one built in-process (search,
 * list, read), a build that fails names the file and leaves the builder working, a persisted build is opened as is,
 * and an idle builder never keeps a process alive.
 */
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitEntries } from "../../src/env/documents.ts";
import { IndexBuilder } from "../../src/env/index-builder.ts";
import { loadEnv } from "../../src/env/load.ts";
import type { Env } from "../../src/env/types.ts";
import { HybridIndex, hashingEmbedder } from "../../src/retrieval/index.ts";
import { loadTask } from "../../src/store/task-store.ts";

const ROOT = join(import.meta.dir, "../../tasks");
const dir = mkdtempSync(join(tmpdir(), "drflow-index-builder-"));
const builder = new IndexBuilder();
afterAll(() => {
  builder.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What an agent can observe of an environment for a few queries. */
async function observed(env: Env) {
  const queries = ["approval threshold", "my reimbursement request", "deadline for submitting receipts"];
  return {
    hits: await Promise.all(
      queries.flatMap((q) =>
        (["hybrid", "bm25", "vector"] as const).map((mode) => env.search(q, { mode, limit: 8 })),
      ),
    ),
    list: (await env.list()).map((d) => [d.id, d.app, d.title, d.text.length]),
    read: await env.read((await env.list("drive"))[0]!.id),
  };
}

test("an environment over the builder's image is the one built in-process", async () => {
  for (const ref of ["demo/healthcare_01", "demo/legal_02"]) {
    const loaded = await loadTask(ROOT, ref);
    for (const split of ["original", "mixed"] as const) {
      const here = await loadEnv(loaded, { split });
      const there = await loadEnv(loaded, { split, prebuilt: builder.build(loaded, split, "hashing") });
      try {
        expect(await observed(there)).toEqual(await observed(here));
        expect(there.embedder).toBe(here.embedder);
      } finally {
        await here.close();
        await there.close();
      }
    }
  }
}, 60_000);

test("an image opens only with the embedder that built it", async () => {
  const loaded = await loadTask(ROOT, "demo/healthcare_01");
  const image = (await builder.build(loaded, "original", "hashing-512"))!;
  expect(() => HybridIndex.fromImage(image, { embedder: hashingEmbedder() })).toThrow(
    'index image: built with embedder "hashing-512", expected "hashing-4096"',
  );
  await expect(builder.build(loaded, "original", "openai:text-embedding-3-small")).rejects.toThrow(
    /not offline/,
  );
});

test("a build that fails names the file, and the builder goes on building", async () => {
  const root = join(dir, "broken");
  cpSync(join(ROOT, "demo/healthcare_01"), join(root, "demo/healthcare_01"), { recursive: true });
  const broken = await loadTask(root, "demo/healthcare_01");
  const eml = splitEntries(broken, "original").find((a) => a.format === "eml")!;
  writeFileSync(join(root, "demo/healthcare_01/artifacts", eml.path), "not a mail message\n\nbody");
  await expect(
    loadEnv(broken, { split: "original", prebuilt: builder.build(broken, "original", "hashing") }),
  ).rejects.toThrow(`${eml.path}: expected a readable eml file`);
  const fine = await loadTask(ROOT, "demo/legal_02");
  const env = await loadEnv(fine, {
    split: "original",
    prebuilt: builder.build(fine, "original", "hashing"),
  });
  expect((await env.list()).length).toBeGreaterThan(0);
  await env.close();
}, 60_000);

test("a persisted index built on the builder's thread is opened, not rebuilt", async () => {
  const loaded = await loadTask(ROOT, "demo/legal_02");
  const indexPath = join(dir, "index", "legal_02-original.sqlite");
  expect(await builder.build(loaded, "original", "hashing", indexPath)).toBeNull();
  const built = statSync(indexPath).mtimeMs;
  const env = await loadEnv(loaded, { split: "original", indexPath, prebuilt: Promise.resolve(null) });
  expect((await env.search("contract review", { limit: 3 })).length).toBeGreaterThan(0);
  await env.close();
  expect(statSync(indexPath).mtimeMs).toBe(built);
}, 60_000);

test("a process whose builder is idle exits at once", async () => {
  const script = `
    import { IndexBuilder } from ${JSON.stringify(join(import.meta.dir, "../../src/env/index-builder.ts"))};
    import { loadTask } from ${JSON.stringify(join(import.meta.dir, "../../src/store/task-store.ts"))};
    const image = await new IndexBuilder().build(await loadTask(${JSON.stringify(ROOT)}, "demo/legal_02"), "original", "hashing");
    console.log(image.byteLength > 0 ? "built" : "empty");
  `;
  const file = join(dir, "idle.ts");
  writeFileSync(file, script);
  const started = performance.now();
  const child = Bun.spawn(["bun", file], { stdout: "pipe", stderr: "pipe" });
  expect(await child.exited).toBe(0);
  expect((await new Response(child.stdout).text()).trim()).toBe("built");
  // Well before the builder's 30 s idle timeout: the idle worker does not hold the process.
  expect(performance.now() - started).toBeLessThan(20_000);
}, 30_000);
