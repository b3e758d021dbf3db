import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import { readDocuments } from "../../env/documents.ts";
import { listTasks, loadTask } from "../../store/task-store.ts";
import { chunkDocument } from "../chunk.ts";
import { hashingEmbedder } from "../embedders/hashing.ts";
import { HybridIndex } from "../hybrid.ts";
import { sqliteVecStore } from "./sqlite-vec.ts";

const ROOT = join(import.meta.dir, "../../../tasks");

/** Queries an agent would send: every gold step's title and a few of its words, and the question. */
function queriesOf(task: {
  seed: { question: string };
  generic_workflow?: { title: string; task: string }[];
}) {
  const steps = task.generic_workflow ?? [];
  return [
    task.seed.question,
    ...steps.map((s) => s.title),
    ...steps.map((s) => s.task.split(/\s+/).slice(0, 4).join(" ")),
  ];
}

test("sparse distances equal sqlite-vec's, bit for bit, for every chunk of every demo environment", async () => {
  const embedder = hashingEmbedder();
  let compared = 0;
  for (const ref of (await listTasks(ROOT, "demo")).map((t) => t.ref)) {
    const loaded = await loadTask(ROOT, ref);
    const index = await HybridIndex.open({ embedder });
    await index.add((await readDocuments(loaded, "mixed")).flatMap((d) => chunkDocument(d)));
    const n = index.count();
    for (const q of queriesOf(loaded.task as never)) {
      const [v] = await embedder.embed([q]);
      const scanned = await index.vectors.query(v!, n);
      const exact = new Map(index.vectors.distances!(v!)!.map((m) => [m.id, m.distance]));
      expect(exact.size).toBe(n);
      for (const m of scanned) expect(exact.get(m.id)).toBe(m.distance);
      compared += scanned.length;
    }
    await index.close();
  }
  expect(compared).toBeGreaterThan(10_000);
}, 60_000);

test("searches over the sparse distances rank exactly as over vec0's scan, with and without app filters", async () => {
  const embedder = hashingEmbedder();
  for (const ref of ["demo/healthcare_01", "demo/legal_02", "demo/b2c_02"]) {
    const loaded = await loadTask(ROOT, ref);
    const chunks = (await readDocuments(loaded, "mixed")).flatMap((d) => chunkDocument(d));
    const fast = await HybridIndex.open({ embedder });
    const scan = await HybridIndex.open({ embedder });
    await fast.add(chunks);
    await scan.add(chunks);
    (scan.vectors as { distances?: unknown }).distances = undefined; // vec0's own scan only
    for (const q of queriesOf(loaded.task as never)) {
      for (const options of [
        { mode: "vector" as const, limit: 10 },
        { mode: "hybrid" as const, limit: 5, apps: ["email" as const, "chat" as const] },
        { mode: "vector" as const, limit: 3, apps: ["drive" as const] },
      ]) {
        const a = await fast.search(q, options);
        const b = await scan.search(q, options);
        expect(a.map((h) => [h.chunkId, h.score])).toEqual(b.map((h) => [h.chunkId, h.score]));
      }
    }
    await fast.close();
    await scan.close();
  }
}, 60_000);

test("ties go back to vec0's own order; dense or zero vectors to its scan", async () => {
  const db = new Database(":memory:");
  const store = sqliteVecStore(db, "chunks");
  const dim = 64;
  const unit = (i: number) => Array.from({ length: dim }, (_, j) => (j === i ? 1 : 0));
  // Twenty identical vectors: their order is vec0's business.
  await store.upsert(Array.from({ length: 20 }, (_, i) => ({ id: `same${i}`, vector: unit(3) })));
  const exact = store.distances!(unit(3))!;
  expect(new Set(exact.map((m) => m.distance))).toEqual(new Set([0]));
  const fast = await HybridIndex.open({ embedder: hashingEmbedder({ dim }) });
  await fast.add(
    Array.from({ length: 20 }, (_, i) => ({
      id: `c${i}`,
      documentId: `d${i}`,
      ord: 0,
      app: "files" as const,
      title: "",
      path: `p${i}`,
      author: "",
      date: "",
      text: "the very same words",
    })),
  );
  const scanned = await fast.vectors.query((await fast.embedder.embed(["same words"]))[0]!, 20);
  const hits = await fast.search("same words", { mode: "vector", limit: 20, distinctDocuments: false });
  expect(hits.map((h) => h.chunkId)).toEqual(scanned.map((m) => m.id)); // vec0's tie order, not ours

  const dense = sqliteVecStore(new Database(":memory:"), "chunks");
  await dense.upsert([{ id: "a", vector: Array.from({ length: dim }, (_, j) => j + 1) }]);
  expect(dense.distances!(unit(0))).toBeNull();
  const zero = sqliteVecStore(new Database(":memory:"), "chunks");
  await zero.upsert([{ id: "z", vector: Array(dim).fill(0) }]);
  expect(zero.distances!(unit(0))).toBeNull();
  await fast.close();
});
