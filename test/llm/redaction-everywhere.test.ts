/**
 * A key-bearing compat handle (`compat:http://alice:<key>@127.0.0.1:<port>/v1#m`) and keys a local fake provider echoes
 * back in its 401 error body (one from a handle's user info, one from DRFLOW_COMPAT_API_KEY) go through every command
 * and route that shows or stores a handle or an error: `run` (done, and failed on the echo), `eval` (summary,
 * progress, failures), `models` (also `--json`), `models check` (embedder row, and a failing endpoint), `judge --run`
 * with an LLM judge, `usage`, `cache stats|misses|explain`, `serve`'s start line, and over real HTTP `POST /runs`'s
 * answer, `GET /runs`, `GET /runs/:id`, `GET /runs/:id/events`, `POST /judge`, `GET /jobs`, a refused handle's 400, and
 * the studio's run pages. Every line printed, every response body and every byte of every file drflow wrote under its
 * working folder (stores, cache, traces, reports, .drflow/**) is searched for the three secrets.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies } from "../agents/support/scripted-agent.ts";
import { startServe } from "../support/cli-process.ts";
import { judgeReply } from "../support/judge-replies.ts";
import { type ProviderEmulator, startProviderEmulator } from "../support/provider-emulator.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

setDefaultTimeout(300_000);

const REPO = resolve(import.meta.dir, "../..");
const CLI = join(REPO, "src/cli/main.ts");
const TASKS = join(REPO, "tasks");
/** Not key-shaped (no `sk-`): only knowing the secret can redact an echo of it. */
const URL_SECRET = "pw-SECRET789";
const ECHO_SECRET = "pw-ECHOED-4f2a91";
const ENV_SECRET = "envkey-SECRET456";
const SECRETS = [URL_SECRET, ECHO_SECRET, ENV_SECRET];

let tmp: string;
let emulator: ProviderEmulator;
let echo: ScriptedServer;
let good: string;
let embedder: string;
let echoUrl: string;
let echoEnv: string;
let env: Record<string, string>;
/** Everything drflow printed or answered, for the final search. */
const seen: { where: string; text: string }[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-redact-all-"));
  emulator = await startProviderEmulator({
    profile: "local",
    apiKey: URL_SECRET,
    reply: (req, i) => (req.path.endsWith("/embeddings") ? {} : (judgeReply(req) ?? agentReplies()(req, i))),
  });
  // A provider that echoes the key it was sent in its error body, as some gateways do.
  echo = await startScriptedServer({
    reply: (req) => ({
      status: 401,
      content: `Incorrect API key provided: ${String(req.headers.authorization ?? "").replace(/^Bearer /, "")}`,
    }),
  });
  const withUser = (url: string, user: string, key: string) =>
    url.replace("http://", `http://${user}:${key}@`);
  good = `compat:${withUser(emulator.url, "alice", URL_SECRET)}#qwen2.5-7b`;
  embedder = `compat:${withUser(emulator.url, "alice", URL_SECRET)}#nomic-embed-text`;
  echoUrl = `compat:${withUser(echo.url, "bob", ECHO_SECRET)}#m`;
  echoEnv = `compat:${echo.url}#m2`;
  env = {
    DRFLOW_AGENT_MODEL: good,
    DRFLOW_JUDGE_MODEL: good,
    DRFLOW_EMBEDDER_MODEL: embedder,
    DRFLOW_COMPAT_API_KEY: ENV_SECRET,
    DRFLOW_COMPAT_BASE_URL: echo.url,
  };
});
afterAll(async () => {
  await emulator.close();
  await echo.close();
  await rm(tmp, { recursive: true, force: true });
});

/** `drflow <args>` in its own process, in the working folder `tmp` (so everything it writes lands there). */
async function drflow(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const proc = Bun.spawn(["bun", CLI, ...args], {
    cwd: tmp,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  seen.push({ where: `drflow ${args[0]} ${args[1] ?? ""}`, text: `${out}\n${err}` });
  return { code, out, err };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const task = ["--task", "demo/healthcare_01", "--root", TASKS];

test("CLI commands: run, eval, models, models check, judge, usage, cache", async () => {
  expect((await drflow("run", "--agent", "basic", "--model", good, ...task, "--judge", good)).code).toBe(0);
  const failed = await drflow("run", "--agent", "basic", "--model", echoUrl, ...task);
  expect(failed.code).toBe(1);
  // The echo happened, and what drflow printed of it is redacted.
  expect(echo.requests.some((r) => r.headers.authorization === `Bearer ${ECHO_SECRET}`)).toBe(true);
  expect(failed.err).toContain("Incorrect API key provided: ***");
  expect((await drflow("run", "--agent", "basic", "--model", echoEnv, ...task)).code).toBe(1);
  expect(echo.requests.some((r) => r.headers.authorization === `Bearer ${ENV_SECRET}`)).toBe(true);

  const grid = ["--suite", "demo", "--tasks", "healthcare_01", "--agents", "basic", "--split", "original"];
  const evaluated = await drflow("eval", ...grid, "--models", `${good},${echoUrl}`, "--root", TASKS);
  expect(evaluated.code).toBe(1);
  expect(evaluated.out).toContain("compat:http://***@127.0.0.1");
  expect(evaluated.err).toContain("Incorrect API key provided: ***");

  const listed = await drflow("models");
  expect(listed.code).toBe(0);
  expect(listed.out).toContain("compat:http://***@127.0.0.1");
  expect((await drflow("models", "--json")).code).toBe(0);
  const checked = await drflow("models", "check", good);
  expect(checked.out).toContain("embeddings (embedder role compat:http://***@");
  await drflow("models", "check", echoUrl);

  expect((await drflow("usage", "--by", "run_id,handle")).out).toContain("***@");
  const store = new RunStore(join(tmp, ".drflow/runs.sqlite"));
  const done = store.listRuns({ kind: "agent", status: "done" })[0]!;
  store.close();
  expect((await drflow("judge", "--run", done.id, "--judge", good, "--root", TASKS)).code).toBe(0);
  for (const sub of ["stats", "explain"]) await drflow("cache", sub);
});

test("serve's start line and every API route that shows a handle, an error or a trace", async () => {
  const server = await startServe(
    ["--port", "0", "--root", TASKS, "--models", [good, echoUrl, echoEnv].join(",")],
    tmp,
    env,
  );
  seen.push({ where: "serve start line", text: server.startLine });
  expect(server.startLine).toContain("models allowed: compat:http://***@127.0.0.1");
  const origin = server.origin;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    seen.push({ where: `${method} ${path}`, text });
    return { status: res.status, text, json: () => JSON.parse(text) };
  };
  try {
    const started: string[] = [];
    for (const model of [good, echoUrl, echoEnv]) {
      const answer = await call("POST", "/runs", {
        agent: "basic",
        model,
        task: "demo/healthcare_01",
        ...(model === good ? { judge: good } : {}),
      });
      expect(answer.status).toBe(202);
      expect(answer.text).not.toContain(URL_SECRET);
      started.push(answer.json().id);
    }
    for (const id of started) {
      for (;;) {
        const run = await call("GET", `/runs/${id}`);
        if (run.json().status !== "running") break;
        await Bun.sleep(200);
      }
      await call("GET", `/runs/${id}/events`);
    }
    const failedRun = (await call("GET", `/runs/${started[1]}`)).json();
    expect(failedRun.status).toBe("failed");
    expect(failedRun.error).toContain("Incorrect API key provided: ***");
    const list = await call("GET", "/runs");
    expect(list.text).toContain("compat:http://***@127.0.0.1");
    const report = (await call("GET", `/runs/${started[0]}`)).json().report;
    await call("POST", "/judge", { task: "demo/healthcare_01", report, judge: good });
    await call("GET", "/jobs");
    // A handle the server does not allow is refused, quoting it redacted.
    const refused = await call("POST", "/runs", {
      agent: "basic",
      model: good.replace("#qwen2.5-7b", "#other"),
      task: "demo/healthcare_01",
    });
    expect(refused.status).toBe(403);
    await call("GET", "/studio/runs");
    for (const id of started) await call("GET", `/studio/runs/${id}`);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    seen.push({ where: "serve output", text: `${server.out}\n${server.err}` });
  }
});

test("no secret appears in any output, response or file drflow wrote", () => {
  const files = filesUnder(tmp);
  // What was searched: the stores, the cache and the environment indexes under .drflow/.
  expect(files.some((f) => f.endsWith("runs.sqlite"))).toBe(true);
  expect(files.some((f) => f.endsWith("cache.sqlite"))).toBe(true);
  const leaks: string[] = [];
  for (const secret of SECRETS) {
    for (const f of files) if (readFileSync(f).includes(Buffer.from(secret))) leaks.push(`${secret} in ${f}`);
    for (const s of seen) if (s.text.includes(secret)) leaks.push(`${secret} in ${s.where}`);
  }
  expect(leaks).toEqual([]);
  expect(seen.length).toBeGreaterThan(25);
});
