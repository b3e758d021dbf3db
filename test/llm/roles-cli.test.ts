/**
 * The model roles as the CLI honours them, each command in a child process with exactly the environment a user would
 * give it (no provider key unless named): local-only runs (`DRFLOW_EMBEDDER_MODEL=hashing`, a compat server's
 * embeddings endpoint), a missing key that names the role and the variable that picks another model,
 * `DRFLOW_AGENT_MODEL` / `DRFLOW_JUDGE_MODEL` in run, eval and judge, and `--timeout` / `DRFLOW_MODEL_TIMEOUT`.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies, kindOf } from "../agents/support/scripted-agent.ts";
import { judgeKindOf, judgeReply } from "../support/judge-replies.ts";
import { type ScriptedReply, type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

const MAIN = join(import.meta.dir, "../../src/cli/main.ts");
const TASKS = join(import.meta.dir, "../../tasks");
const ROLE_VARIABLES = [
  "OPENAI_API_KEY",
  "OPENROUTER_API_KEY",
  "DRFLOW_AGENT_MODEL",
  "DRFLOW_JUDGE_MODEL",
  "DRFLOW_EMBEDDER_MODEL",
  "DRFLOW_GENERATOR_MODEL",
  "DRFLOW_MODEL_TIMEOUT",
  "DRFLOW_CACHE",
  "DRFLOW_DATABASE_URL",
];

let dir: string;
let server: ScriptedServer;
/** Delay of the next chat request only (a slow first answer, then quick ones). */
let delayFirstChat = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "drflow-roles-"));
  const agents = agentReplies();
  server = await startScriptedServer({
    reply: (req, i): ScriptedReply => {
      if (req.path.endsWith("/embeddings")) return {};
      const delay = delayFirstChat;
      delayFirstChat = 0;
      const reply = judgeKindOf(req) ? judgeReply(req)! : agents(req, i);
      return delay ? { ...reply, delayMs: delay } : reply;
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

/** `drflow …` in a child: the test's environment without any provider key or role variable, plus `env`. */
async function drflow(env: Record<string, string>, ...args: string[]) {
  const base = { ...process.env };
  for (const name of ROLE_VARIABLES) delete base[name];
  const child = Bun.spawn(["bun", MAIN, ...args], {
    // No cache: every call of every command reaches the server.
    env: { ...base, DRFLOW_CACHE: "off", ...env },
    cwd: dir,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, out, err };
}

const handle = () => `compat:${server.url}#local-model`;
const store = (name: string) => join(dir, `${name}.sqlite`);
const runArgs = (name: string) => [
  "run",
  ...["--agent", "drfa:iterations=2", "--task", "demo/healthcare_01", "--split", "mixed"],
  ...["--root", TASKS, "--store", store(name), "--quiet", "--out", join(dir, `${name}.md`)],
];
const chats = () => server.requests.filter((r) => r.path.endsWith("/chat/completions"));
const embeddings = () => server.requests.filter((r) => r.path.endsWith("/embeddings"));

test("env -u OPENAI_API_KEY DRFLOW_EMBEDDER_MODEL=hashing drflow run --agent drfa --model compat:… completes offline but for the chat model", async () => {
  const r = await drflow({ DRFLOW_EMBEDDER_MODEL: "hashing" }, ...runArgs("hashing"), "--model", handle());
  expect(r.err).toMatch(/^run run-[0-9a-f]+: \d+ steps/m);
  expect(r.err).toContain("search index embedded with hashing-4096");
  expect(r.code).toBe(0);
  expect(chats().length).toBeGreaterThan(3);
  expect(embeddings()).toEqual([]);
}, 60_000);

test("a compat server's embeddings endpoint serves the embedder role (index and session store)", async () => {
  const embedder = `compat:${server.url}#local-embedder`;
  const r = await drflow(
    { DRFLOW_EMBEDDER_MODEL: embedder },
    ...runArgs("compat-embed"),
    "--model",
    handle(),
  );
  expect(r.code).toBe(0);
  expect(r.err).toContain(`search index embedded with ${embedder}`);
  const models = new Set(embeddings().map((e) => (e.body as { model: string }).model));
  expect([...models]).toEqual(["local-embedder"]);
  const s = new RunStore(store("compat-embed"));
  try {
    const stages = new Set(
      s.db
        .query<{ stage: string }, []>("SELECT stage FROM llm_calls WHERE role = 'embedder'")
        .all()
        .map((c) => c.stage),
    );
    expect(stages.has("retrieval_index")).toBe(true);
  } finally {
    s.close();
  }
}, 60_000);

test("the default embedder without its key: the error names the embedder role, the key and the variable that picks another", async () => {
  const r = await drflow({}, ...runArgs("no-key"), "--model", handle());
  expect(r.code).toBe(1);
  expect(r.err).toContain("OPENAI_API_KEY");
  expect(r.err).toContain("embedder model with DRFLOW_EMBEDDER_MODEL");
  expect(r.err).not.toMatch(/\n\s+at /);
  // It fails before the agent spends a model call (a relay's answering model would answer for nothing).
  expect(chats()).toHaveLength(0);
}, 60_000);

test("a model named by a flag without its key: the hint names the flag; eval fails before any cell runs", async () => {
  const run = await drflow({}, ...runArgs("flag-no-key"), "--model", "openai:gpt-4o");
  expect(run.code).toBe(1);
  expect(run.err).toContain(
    'model "openai:gpt-4o" needs an API key: set the environment variable OPENAI_API_KEY (or name another agent model with --model)',
  );
  const judged = await drflow(
    {},
    ...runArgs("judge-no-key"),
    "--agent",
    "extractive",
    "--judge",
    "openai:gpt-4o",
  );
  expect(judged.code).toBe(1);
  expect(judged.err).toContain("(or name another judge model with --judge)");
  const evaluated = await drflow(
    { DRFLOW_EMBEDDER_MODEL: "hashing" },
    "eval",
    ...["--suite", "demo", "--agents", "drfa", "--models", `${handle()},openai:gpt-4o`, "--no-index"],
    ...["--root", TASKS, "--store", store("eval-no-key")],
  );
  expect(evaluated.code).toBe(1);
  expect(evaluated.err).toContain(
    "needs an API key: set the environment variable OPENAI_API_KEY (or name another agent model with --models)",
  );
  expect(evaluated.err).not.toContain("cells ran");
  expect(chats()).toHaveLength(0); // not even the cells whose model had what it needs
  // A local agent model, the default embedder without its key: every search embeds its query, so it fails at once too
  // (with the environment index kept under --index-dir as much as built in memory).
  const embedder = await drflow(
    {},
    "eval",
    ...["--suite", "demo", "--agents", "drfa", "--models", handle(), "--index-dir", join(dir, "env-no-key")],
    ...["--root", TASKS, "--store", store("eval-no-key")],
  );
  expect(embedder.code).toBe(1);
  expect(embedder.err).toContain("embedder model with DRFLOW_EMBEDDER_MODEL");
  expect(embedder.err).not.toContain("cells ran");
  expect(chats()).toHaveLength(0);
  const s = new RunStore(store("eval-no-key"));
  try {
    expect(s.listRuns({ kind: "agent" })).toHaveLength(0);
  } finally {
    s.close();
  }
}, 60_000);

test("DRFLOW_AGENT_MODEL is the model of run and eval when --model/--models is not given", async () => {
  const env = { DRFLOW_AGENT_MODEL: handle(), DRFLOW_EMBEDDER_MODEL: "hashing" };
  const run = await drflow(env, ...runArgs("agent-role"));
  expect(run.code).toBe(0);
  expect(chats().map((c) => (c.body as { model: string }).model)).toContain("local-model");
  const s = new RunStore(store("agent-role"));
  try {
    expect(
      s.db.query<{ model: string }, []>("SELECT model FROM runs WHERE kind = 'agent'").get()!.model,
    ).toBe(handle());
  } finally {
    s.close();
  }
  server.requests.length = 0;
  const evaluated = await drflow(
    env,
    "eval",
    ...["--suite", "demo", "--tasks", "healthcare_01", "--agents", "drfa:iterations=1", "--no-index"],
    ...["--root", TASKS, "--store", store("agent-role-eval")],
  );
  expect(evaluated.code).toBe(0);
  expect(chats().length).toBeGreaterThan(3);
}, 90_000);

test("DRFLOW_JUDGE_MODEL is the judge of drflow judge and drflow eval when --judge is not given", async () => {
  const env = {
    DRFLOW_AGENT_MODEL: handle(),
    DRFLOW_EMBEDDER_MODEL: "hashing",
    DRFLOW_JUDGE_MODEL: handle(),
  };
  expect((await drflow(env, ...runArgs("judge-role"))).code).toBe(0);
  const s = new RunStore(store("judge-role"));
  const runId = s.db.query<{ id: string }, []>("SELECT id FROM runs WHERE kind = 'agent'").get()!.id;
  s.close();
  server.requests.length = 0;
  const judged = await drflow(
    env,
    "judge",
    "--run",
    runId,
    "--root",
    TASKS,
    "--store",
    store("judge-role"),
    "--json",
  );
  expect(judged.code).toBe(0);
  const result = JSON.parse(judged.out) as { judge: string; protocol: string };
  expect(result.protocol).toBe("per-step");
  expect(result.judge).toContain("local-model");
  expect(chats().some((c) => judgeKindOf(c) !== null)).toBe(true);
  // `--judge lexical` still wins over the variable.
  server.requests.length = 0;
  const lexical = await drflow(
    env,
    "judge",
    "--run",
    runId,
    "--judge",
    "lexical",
    "--root",
    TASKS,
    "--store",
    store("judge-role"),
    "--json",
  );
  expect(lexical.code).toBe(0);
  expect(chats()).toEqual([]);
  // eval: an offline agent's report judged by the judge role's model.
  const evaluated = await drflow(
    env,
    "eval",
    ...["--suite", "demo", "--tasks", "healthcare_01", "--agents", "extractive", "--no-index"],
    ...["--root", TASKS, "--store", store("judge-role-eval")],
  );
  expect(evaluated.code).toBe(0);
  expect(chats().some((c) => judgeKindOf(c) === "precision")).toBe(true);
}, 120_000);

test("--timeout and DRFLOW_MODEL_TIMEOUT bound each request: a stalled answer is abandoned and retried, not waited out", async () => {
  for (const [name, env, flag] of [
    ["timeout-flag", {}, ["--timeout", "0.5"]],
    ["timeout-env", { DRFLOW_MODEL_TIMEOUT: "0.5" }, []],
  ] as const) {
    server.requests.length = 0;
    delayFirstChat = 50_000;
    const started = performance.now();
    const r = await drflow(
      { DRFLOW_EMBEDDER_MODEL: "hashing", ...env },
      ...runArgs(name),
      "--model",
      handle(),
      ...flag,
    );
    const seconds = (performance.now() - started) / 1000;
    expect([name, r.code]).toEqual([name, 0]);
    // Well before the stalled answer would have come (50 s), even on a loaded machine.
    expect(seconds).toBeLessThan(40);
    // The stalled first request was sent again.
    const bodies = chats().map((c) => JSON.stringify(c.body));
    expect(bodies[0]).toBe(bodies[1]!);
    expect(kindOf(chats()[0]!)).toBe("J.4");
  }
  const bad = await drflow({ DRFLOW_MODEL_TIMEOUT: "soon" }, ...runArgs("timeout-bad"), "--model", handle());
  expect(bad.code).toBe(1);
  expect(bad.err).toContain('DRFLOW_MODEL_TIMEOUT="soon": expected a positive number of seconds');
  const usage = await drflow({}, ...runArgs("timeout-bad"), "--model", handle(), "--timeout", "0");
  expect(usage.code).toBe(2);
  expect(usage.err).toContain("--timeout: expected a positive number of seconds");
}, 180_000);
