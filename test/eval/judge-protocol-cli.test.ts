/**
 * `drflow eval --judge <handle> --judge-protocol batched` over real HTTP: the LLM judge asks drflow's batched prompts
 * (one request per metric) instead of the paper's per-step ones, the two batches are distinct, and with a judge that
 * answers every question from the item asked about (test/judge/protocol-agreement.ts) both give the same table.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keyedDecider, questionsOf, scriptedJudge } from "../judge/protocol-agreement.ts";
import { drflow } from "../support/cli.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

const dir = mkdtempSync(join(tmpdir(), "drflow-eval-protocol-"));
let server: ScriptedServer;
const saved = { cache: process.env.DRFLOW_CACHE, embedder: process.env.DRFLOW_EMBEDDER_MODEL };

beforeAll(async () => {
  server = await startScriptedServer({ reply: scriptedJudge(keyedDecider) });
  process.env.DRFLOW_CACHE = "off";
  // The judge ranks factuality evidence with the embedder role: the same local server's embeddings.
  process.env.DRFLOW_EMBEDDER_MODEL = `compat:${server.url}#embedder`;
});
afterAll(async () => {
  await server?.close();
  for (const [name, value] of [
    ["DRFLOW_CACHE", saved.cache],
    ["DRFLOW_EMBEDDER_MODEL", saved.embedder],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The judge prompts the server saw since `from`, split by protocol. */
function promptsSince(from: number): { batched: number; perStep: number } {
  let batched = 0;
  let perStep = 0;
  for (const req of server.requests.slice(from)) {
    if (!req.path.endsWith("/chat/completions")) continue;
    const prompt = (req.body as { messages: { content: string }[] }).messages[0]!.content;
    if (questionsOf(prompt).batched) batched++;
    else perStep++;
  }
  return { batched, perStep };
}

test("--judge-protocol batched sends batched prompts, fewer requests, same scores as per-step", async () => {
  const eval_ = (protocol: string) =>
    drflow(
      "eval",
      "--suite",
      "demo",
      "--agents",
      "extractive",
      "--split",
      "original",
      "--tasks",
      "b2b_01",
      "--judge",
      `compat:${server.url}#judge-model`,
      "--judge-protocol",
      protocol,
      "--store",
      join(dir, "runs.sqlite"),
      "--no-index",
    );
  const before = server.requests.length;
  const perStep = await eval_("per-step");
  expect(perStep.code).toBe(0);
  const perStepPrompts = promptsSince(before);
  const middle = server.requests.length;
  const batched = await eval_("batched");
  expect(batched.code).toBe(0);
  const batchedPrompts = promptsSince(middle);
  // Two batches (the protocol is part of the judge's identity and of the default batch id), each ran its cell.
  expect(batched.err).toContain("1 cells ran, 0 read back");
  expect(perStepPrompts.batched).toBe(0);
  expect(batchedPrompts.perStep).toBe(0);
  expect(batchedPrompts.batched).toBeGreaterThan(0);
  expect(batchedPrompts.batched).toBeLessThan(perStepPrompts.perStep / 3);
  // The same scores (the cost column counts the judge's calls, which differ): an id-keyed judge decides each item
  // the same way under both protocols.
  const scores = (out: string) => out.replace(/unpriced \(\d+ calls\)/g, "unpriced").replace(/[ -]+/g, " ");
  expect(scores(batched.out)).toBe(scores(perStep.out));
  expect(perStep.out).toMatch(/unpriced \(\d{2,} calls\)/);

  const lexical = await drflow(
    "eval",
    "--suite",
    "demo",
    "--agents",
    "extractive",
    "--judge-protocol",
    "batched",
  );
  expect(lexical.code).toBe(2);
  expect(lexical.err).toContain("--judge-protocol applies to an LLM judge");
  const typo = await drflow("eval", "--suite", "demo", "--agents", "extractive", "--judge-protocol", "batch");
  expect(typo.err).toContain('--judge-protocol: expected per-step or batched, got "batch"');
});
