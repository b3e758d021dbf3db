/**
 * Vector search without vec0's scan, ties included: on an environment of many chunks (a demo task and a company
 * corpus: ties between equal-distance chunks are common with hashing vectors), `HybridIndex.search` in vector and
 * hybrid mode returns exactly what it returns when vec0 answers every query itself; and the same after the index is
 * saved and opened again.
 */
import { afterAll, expect, setDefaultTimeout, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readDocuments } from "../../src/env/documents.ts";
import type { EnvDocument } from "../../src/env/types.ts";
import { extractBytes } from "../../src/extract/index.ts";
import { companyCorpus } from "../../src/generate/corpus/index.ts";
import { DOMAINS } from "../../src/generate/procedural/data.ts";
import { chunkDocument, HybridIndex, hashingEmbedder } from "../../src/retrieval/index.ts";
import type { VectorStore } from "../../src/retrieval/stores/vector-store.ts";
import { loadTask } from "../../src/store/task-store.ts";

setDefaultTimeout(180_000);

const dir = mkdtempSync(join(tmpdir(), "drflow-ties-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same store with its exact-distance shortcuts hidden: every query is vec0's scan. */
const scanOnly = (store: VectorStore): VectorStore => ({
  kind: store.kind,
  upsert: (items) => store.upsert(items),
  query: (v, k) => store.query(v, k),
  count: () => store.count(),
  clear: () => store.clear(),
  close: () => store.close(),
});

test("vector and hybrid search give vec0's own answers, ties included, before and after reopening", async () => {
  const loaded = await loadTask(join(import.meta.dir, "../../tasks"), "demo/b2b_01");
  const docs: EnvDocument[] = await readDocuments(loaded, "mixed");
  const dom = DOMAINS.b2b;
  const corpus = await companyCorpus({
    company: dom.companies[2]!,
    kinds: dom.docKinds,
    seed: 31337,
    chars: 120_000,
  });
  for (const a of corpus.manifest.artifacts) {
    const bytes = corpus.files.find((f) => f.path === a.path)!.bytes;
    docs.push({ ...a, text: await extractBytes(bytes, a.format) });
  }
  const path = join(dir, "index.sqlite");
  const index = await HybridIndex.open({ path, embedder: hashingEmbedder() });
  await index.add(docs.flatMap((d) => chunkDocument(d)));
  expect(index.count()).toBeGreaterThan(128);
  const queries = [
    ...docs.map((d) => d.title),
    ...docs.slice(0, 30).map((d) => d.text.slice(0, 80)),
    loaded.task.seed.question,
  ];
  const answers = async (i: HybridIndex, mode: "vector" | "hybrid") =>
    Promise.all(
      queries.map((q) => i.search(q, { mode, limit: 20, snippets: false, distinctDocuments: false })),
    );
  const scans = spyOn(index.vectors, "query");
  const fast = { vector: await answers(index, "vector"), hybrid: await answers(index, "hybrid") };
  expect(scans).not.toHaveBeenCalled();
  await index.close();
  const reopened = await HybridIndex.open({ path, embedder: hashingEmbedder() });
  const rescans = spyOn(reopened.vectors, "query");
  const again = { vector: await answers(reopened, "vector"), hybrid: await answers(reopened, "hybrid") };
  expect(rescans).not.toHaveBeenCalled();
  // the reference: the same database, every vector query answered by vec0's scan
  const { sqliteVecStore } = await import("../../src/retrieval/stores/sqlite-vec.ts");
  const scanning = await HybridIndex.open({
    path,
    embedder: hashingEmbedder(),
    vectors: scanOnly(sqliteVecStore(reopened.db, "chunks")),
  });
  const reference = { vector: await answers(scanning, "vector"), hybrid: await answers(scanning, "hybrid") };
  const ids = (r: typeof fast.vector) => r.map((hits) => hits.map((h) => `${h.chunkId}:${h.score}`));
  // ties are common: some query has two hits at one score
  expect(reference.vector.some((hits) => new Set(hits.map((h) => h.score)).size < hits.length)).toBe(true);
  expect(ids(fast.vector)).toEqual(ids(reference.vector));
  expect(ids(fast.hybrid)).toEqual(ids(reference.hybrid));
  expect(ids(again.vector)).toEqual(ids(reference.vector));
  expect(ids(again.hybrid)).toEqual(ids(reference.hybrid));
  await reopened.close();
});
