/**
 * Findings a model can use, on a demo task's environment: a passage that points to a table, note or section of its
 * document arrives with the chunk that holds it, a passage that starts inside a paragraph with the paragraph's start,
 * and a read action brings a found document whole.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { type Action, toAction } from "../../src/agents/shared/action.ts";
import { executeAction, openContext, type ResearchContext } from "../../src/agents/shared/context.ts";
import { continuedFrom, pointedChunks } from "../../src/agents/shared/passages.ts";
import { loadEnv } from "../../src/env/load.ts";
import type { Env } from "../../src/env/types.ts";
import type { Model } from "../../src/llm/types.ts";
import { type Chunk, chunkDocument } from "../../src/retrieval/chunk.ts";
import { loadTask } from "../../src/store/task-store.ts";

const TASKS = join(import.meta.dir, "../../tasks");
let env: Env;
let rc: ResearchContext;
const unused = { handle: "none" } as unknown as Model;

beforeAll(async () => {
  env = await loadEnv(await loadTask(TASKS, "demo/b2c_02"), { split: "original" });
  rc = await openContext({ env, model: unused, runId: "t" });
});
afterAll(async () => {
  await rc.findings.close();
  await env.close();
});

const search = (id: string, query: string): Action =>
  toAction(
    {
      type: "local_document_search",
      description: id,
      parameters: { query, top_k: 3 },
      priority: 0.9,
      expected_output: "",
      preferred_tool: "",
    },
    { id, stage: "REQUIREMENT_COLLECTION", origin: "plan" },
  );

async function chunksWith(find: (c: Chunk, all: Chunk[]) => boolean): Promise<[Chunk, Chunk[]] | null> {
  for (const d of await env.list()) {
    const all = chunkDocument(d);
    const hit = all.find((c) => find(c, all));
    if (hit) return [hit, all];
  }
  return null;
}

/**
 * Whether no other document repeats a passage's opening (its first 100 characters) word for word: the company corpus
 * copies boilerplate across documents (sections open alike and then differ), and a search for a copied paragraph may
 * return its copies instead.
 */
async function uniqueOpening(): Promise<(c: Chunk) => boolean> {
  const docs = (await env.list()).map((d) => d.text.replace(/\s+/g, " "));
  return (c) => {
    const opening = c.text.slice(0, 100).replace(/\s+/g, " ");
    return docs.filter((d) => d.includes(opening)).length === 1;
  };
}

test("a passage pointing to a table, note or section brings the chunk that holds it", async () => {
  const unique = await uniqueOpening();
  const found = await chunksWith((c, all) => pointedChunks(c, all).length > 0 && unique(c));
  expect(found).not.toBeNull();
  const [passage, all] = found!;
  const [{ chunk: target }] = pointedChunks(passage, all) as [{ chunk: Chunk; label: string }];
  // A search that finds the passage (its own sentences as the query).
  await executeAction(rc, search("p1", passage.text.slice(0, 300)), 1);
  expect(rc.findings.has(passage.id)).toBe(true);
  expect(rc.findings.has(target.id)).toBe(true);
  expect(rc.tracer.events.some((e) => e.type === "note" && e.message.includes(`brought ${target.id}`))).toBe(
    true,
  );
});

test("a passage that starts inside a paragraph brings the paragraph's start", async () => {
  const unique = await uniqueOpening();
  const found = await chunksWith((c, all) => continuedFrom(c, all) !== null && unique(c));
  expect(found).not.toBeNull();
  const [passage, all] = found!;
  await executeAction(rc, search("p2", passage.text.slice(0, 300)), 1);
  expect(rc.findings.has(passage.id)).toBe(true);
  expect(rc.findings.has(continuedFrom(passage, all)!.id)).toBe(true);
});

test('a read action brings the found document its "document" names whole; an unknown one reads nothing and says so', async () => {
  const [first] = rc.registry.entries();
  const read = toAction(
    {
      type: "read_document",
      description: "read",
      parameters: { query: "its decision table", top_k: 1, service: "auto", document: first!.path },
      priority: 0.9,
      expected_output: "",
      preferred_tool: "DocumentReaderTool",
    },
    { id: "r1", stage: "REQUIREMENT_COLLECTION", origin: "gap" },
  );
  await executeAction(rc, read, 2);
  const doc = await env.read(first!.id);
  for (const c of chunkDocument(doc!)) expect(rc.findings.has(c.id)).toBe(true);
  // Read whole at the model's request: the next digest shows it first.
  expect(rc.findings.readWhole()).toEqual([first!.id]);
  const none = toAction(
    {
      type: "read_document",
      description: "read",
      parameters: { query: "Quantum flux capacitor handbook", top_k: 1 },
      priority: 0.9,
      expected_output: "",
      preferred_tool: "",
    },
    { id: "r2", stage: "REQUIREMENT_COLLECTION", origin: "gap" },
  );
  expect(await executeAction(rc, none, 2)).toBe(0);
  expect(
    rc.tracer.events.some((e) => e.type === "note" && e.message.includes("no document found so far matches")),
  ).toBe(true);
});
