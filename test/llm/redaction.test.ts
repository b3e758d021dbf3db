/**
 * Secrets: a key inside a compat URL (user info, or a key-like query parameter) authenticates the requests but appears
 * nowhere in what drflow keeps or shows — run store, cache (keys and entries), traces, API responses, logs.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies } from "../agents/support/scripted-agent.ts";
import { drflow } from "../support/cli.ts";
import { judgeReply } from "../support/judge-replies.ts";
import { type ProviderEmulator, startProviderEmulator } from "../support/provider-emulator.ts";

const SECRET = "sk-proj-SECRETkey1234567890";
const QUERY_SECRET = "qsecret987654321";
const TASKS = join(import.meta.dir, "../../tasks");

let emulator: ProviderEmulator;
let tmp: string;
const logs: string[] = [];
const savedCache = process.env.DRFLOW_CACHE_PATH;
const savedEmbedder = process.env.DRFLOW_EMBEDDER_MODEL;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-redaction-"));
  // The emulator requires the key: the credential in the URL really is what authenticates.
  emulator = await startProviderEmulator({
    profile: "local",
    apiKey: SECRET,
    reply: (req, i) => (req.path.endsWith("/embeddings") ? {} : (judgeReply(req) ?? agentReplies()(req, i))),
  });
  process.env.DRFLOW_CACHE_PATH = join(tmp, ".drflow", "cache.sqlite");
});
afterAll(async () => {
  if (savedEmbedder === undefined) delete process.env.DRFLOW_EMBEDDER_MODEL;
  else process.env.DRFLOW_EMBEDDER_MODEL = savedEmbedder;
  if (savedCache === undefined) delete process.env.DRFLOW_CACHE_PATH;
  else process.env.DRFLOW_CACHE_PATH = savedCache;
  await emulator.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Run the CLI, keeping everything it printed for the log check. */
async function run(...args: string[]): Promise<number> {
  const r = await drflow(...args);
  logs.push(r.out, r.err);
  return r.code;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

test("a key in a compat URL appears nowhere in .drflow/, API output or logs", async () => {
  const url = emulator.url.replace("http://", `http://drflow:${SECRET}@`);
  const handle = `compat:${url}?api_key=${QUERY_SECRET}#qwen2.5-7b`;
  const store = join(tmp, ".drflow", "runs.sqlite");
  const common = ["--task", "demo/healthcare_01", "--root", TASKS, "--store", store];
  // The embedder role behind the same credentials: the agent's environment index and the judge embed with it.
  process.env.DRFLOW_EMBEDDER_MODEL = handle.replace("qwen2.5-7b", "nomic-embed-text");
  expect(
    await run("run", "--agent", "basic", "--model", handle, ...common, "--quiet", "--judge", handle),
  ).toBe(0);
  // A failing run too: its error message is stored and printed.
  expect(
    await run("run", "--agent", "basic", "--model", handle.replace("qwen2.5-7b", "no-such-model"), ...common),
  ).toBe(1);
  expect(emulator.stats.unauthorized).toBe(0);
  // Every request carried the key as the bearer token and the query parameter as a query parameter.
  expect(emulator.requests.every((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(true);

  const s = new RunStore(store);
  const runs = s.db.query<{ id: string; model: string }, []>("SELECT id, model FROM runs").all();
  s.close();
  expect(runs).toHaveLength(2);
  expect(runs[0]!.model).toContain("***@");
  expect(runs[0]!.model).toContain("api_key=***");

  const app = createApp({
    deps: defaultDeps({ tasksRoot: TASKS, notebooksDir: join(tmp, "nb"), store: new RunStore(store) }),
  });
  const api = [await (await app.request("http://127.0.0.1/runs")).text()];
  for (const r of runs) api.push(await (await app.request(`http://127.0.0.1/runs/${r.id}`)).text());
  expect(api[0]).toContain("***@");

  const files = filesUnder(join(tmp, ".drflow"));
  expect(files.some((f) => f.endsWith("cache.sqlite"))).toBe(true);
  for (const secret of [SECRET, QUERY_SECRET]) {
    for (const f of files) expect([f, readFileSync(f).includes(Buffer.from(secret))]).toEqual([f, false]);
    for (const body of api) expect(body).not.toContain(secret);
    expect(logs.join("\n")).not.toContain(secret);
  }
});
