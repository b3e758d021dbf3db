import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createModel } from "../../src/llm/model.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

// The commands run in a child through a runner that imports only them, so another command's
// import errors cannot mask theirs; src/cli/main.ts registers the same objects.
const RUNNER = join(import.meta.dir, "fixtures/run-command.ts");
let dir: string;
let server: ScriptedServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "drflow-cli-"));
  server = await startScriptedServer({
    reply: (_req, i) => ({ content: "OK", usage: { prompt_tokens: 100 + i, completion_tokens: 10 } }),
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Run the CLI in a child with no provider keys in its environment. */
async function drflow(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const env = { ...process.env };
  for (const name of [
    "OPENAI_API_KEY",
    "OPENROUTER_API_KEY",
    "DRFLOW_JUDGE_MODEL",
    "DRFLOW_AGENT_MODEL",
    "DRFLOW_CACHE",
  ])
    delete env[name];
  const child = Bun.spawn(["bun", RUNNER, ...args], { env, cwd: dir, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, out, err };
}

test("drflow models works with no key set and lists roles, prices and the paper's reference figure", async () => {
  const { code, out } = await drflow("models");
  expect(code).toBe(0);
  expect(out).toMatch(
    /judge\s+openai:gpt-4o\s+default\s+DRFLOW_JUDGE_MODEL\s+2\.500\s+10\.000\s+OPENAI_API_KEY not set/,
  );
  expect(out).toContain("openrouter:anthropic/claude-opus-4.5");
  expect(out).toContain("paper:gpt-5.2 at $0.948 / $14.01 per 1M");
  const json = JSON.parse((await drflow("models", "--json")).out) as { models: unknown[] };
  expect(json.models.length).toBeGreaterThan(10);
});

test("an LLM command with a missing key names the variable to set", async () => {
  const openai = await drflow("models", "check", "--role", "judge");
  expect(openai.code).toBe(1);
  expect(openai.err).toContain("set the environment variable OPENAI_API_KEY");
  const openrouter = await drflow("models", "check", "openrouter:deepseek/deepseek-v3.2");
  expect(openrouter.err).toContain("OPENROUTER_API_KEY");
});

test("drflow models check probes a compat server: chat works, but a server that answers only OK serves no structured mode", async () => {
  const before = server.requests.length;
  const { code, out } = await drflow("models", "check", `compat:${server.url}#local`);
  expect(code).toBe(1);
  expect(out).toMatch(/^chat\s+ok\s+"OK"/m);
  expect(out).toMatch(/^structured json_schema \(strict\)\s+FAILED/m);
  expect(out).toContain("no structured mode worked");
  // chat, three structured probes, embeddings on the handle; the embedder role needs OPENAI_API_KEY here.
  expect(server.requests.length).toBe(before + 5);
});

test("drflow usage prints tokens and cost by role and stage, with a total that sums", async () => {
  const storePath = join(dir, "runs.sqlite");
  const store = new RunStore(storePath);
  store.saveRun({ id: "r1", kind: "agent", status: "done", started_at: "2026-01-01T00:00:00Z", batch: "b" });
  const model = createModel(`compat:${server.url}#m`, { cache: null, usage: store, env: {} });
  for (const [stage, role] of [
    ["plan", "agent"],
    ["plan", "agent"],
    ["align", "judge"],
  ] as const) {
    await model.chat({ messages: [{ role: "user", content: stage }], context: { runId: "r1", stage, role } });
  }
  store.close();
  const { code, out } = await drflow("usage", "--run", "r1", "--store", storePath);
  expect(code).toBe(0);
  const rows = out.split("\n").filter((l) => /^(agent|judge|TOTAL)\b/.test(l));
  const inputs = rows.map((l) => Number(/(\d+)\s+\d+\s+(unpriced|≥|\$)/.exec(l)?.[1]));
  expect(rows).toHaveLength(3);
  expect(inputs[0]! + inputs[1]!).toBe(inputs[2]!);
  // A compat server without prices is unpriced, never $0.
  expect(out).toMatch(/TOTAL\s+3\s+0\s+\d+\s+30\s+unpriced \(3 calls\)\s+unpriced \(3 calls\)/);
  // One priced call on top: the total is a lower bound that says how many calls had no price.
  const again = new RunStore(storePath);
  const priced = createModel(`compat:${server.url}#m?input_per_1m=1000&output_per_1m=1000`, {
    cache: null,
    usage: again,
    env: {},
  });
  await priced.chat({
    messages: [{ role: "user", content: "priced" }],
    context: { runId: "r1", stage: "write", role: "agent" },
  });
  again.close();
  const mixed = await drflow("usage", "--run", "r1", "--store", storePath);
  expect(mixed.out).toMatch(/TOTAL\s+4\s+0\s+\d+\s+40\s+≥ \$\d+\.\d{6} \(3 calls unpriced\)\s+≥ \$/);
  expect(mixed.out).toMatch(/write\s+1\s+0\s+\d+\s+10\s+\$\d+\.\d{6}\s+\$\d+\.\d{6}\s*$/m);
  // The same priced call answered by the cache: fetched cost stays, the list-price total counts the hit again.
  const cached = new RunStore(storePath);
  const viaCache = createModel(`compat:${server.url}#m?input_per_1m=1000&output_per_1m=1000`, {
    cache: join(dir, "usage-cache.sqlite"),
    usage: cached,
    env: {},
  });
  for (let i = 0; i < 2; i++)
    await viaCache.chat({
      messages: [{ role: "user", content: "cached" }],
      context: { runId: "r1", stage: "cachedstage", role: "agent" },
    });
  cached.close();
  const both = await drflow("usage", "--run", "r1", "--by", "stage", "--store", storePath);
  const row = /^cachedstage\s+2\s+1\s+\d+\s+\d+\s+\$(\d+\.\d{6})\s+\$(\d+\.\d{6})\s*$/m.exec(both.out);
  expect(row).not.toBeNull();
  expect(Number(row![2])).toBeCloseTo(2 * Number(row![1]), 6);
  expect(both.out).toContain(
    "cost fetched: calls answered by the provider now; at list price: every call, cache hits",
  );
  const batch = await drflow("usage", "--batch", "nope", "--store", storePath);
  expect(batch.out).toContain("no LLM calls recorded for batch nope");
});

test("drflow cache explain names the key part that differs from the nearest entry", async () => {
  const cachePath = join(dir, "cache.sqlite");
  const model = (mode: "use" | "replay") =>
    createModel(`compat:${server.url}#m`, { cache: cachePath, cacheMode: mode, env: {} });
  const ctx = { stage: "s", role: "judge" as const };
  await model("use").chat({
    messages: [{ role: "user", content: "Is step 3 matched?" }],
    temperature: 0,
    context: ctx,
  });
  await model("replay")
    .chat({ messages: [{ role: "user", content: "Is step 3 matched?" }], temperature: 0.7, context: ctx })
    .catch(() => null);
  const { code, out } = await drflow("cache", "explain", "--cache", cachePath);
  expect(code).toBe(0);
  expect(out).toContain('prompt: "Is step 3 matched?"');
  expect(out).toContain("differs in 1 key part(s):");
  expect(out).toContain("- parameters: temperature: 0 → 0.7");
  const stats = await drflow("cache", "stats", "--cache", cachePath);
  // Both calls missed: the first (then filled) in use mode, the second in replay.
  expect(stats.out).toContain("1 entries, 2 recorded misses");
});
