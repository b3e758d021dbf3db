/** The HTTP API through `app.request`: every route, bad input (400 naming the field), path traversal, and the token off loopback. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { serve } from "../../src/cli/commands/serve.ts";
import type { Report } from "../../src/core/index.ts";
import { renderReportMarkdown } from "../../src/judge/index.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies } from "../agents/support/scripted-agent.ts";
import { fixtureReplier } from "../generate-llm/replier.ts";
import { startScriptedServer } from "../support/scripted-server.ts";

let dir: string;
let app: Hono;
let refs: string[] = [];
let store: RunStore;
/** Model handles the server allows; tests add their scripted servers' handles. */
const models: string[] = [];
const depsFor = () =>
  defaultDeps({
    tasksRoot: join(dir, "tasks"),
    notebooksDir: join(dir, "notebooks"),
    notebooksOut: join(dir, ".drflow", "notebooks"),
    indexDir: join(dir, "env"),
    store,
    models,
  });

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (method !== "GET") (init.headers as Record<string, string>)["content-type"] = "application/json";
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const res = await app.request(`http://127.0.0.1${path}`, init);
  const type = res.headers.get("content-type") ?? "";
  const data = type.includes("json") ? await res.json() : await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below
  return { status: res.status, data: data as any, res };
}

/** Start long work (a 202 job) and wait for its end; returns the finished job. */
async function work(method: string, path: string, body?: unknown) {
  const started = await call(method, path, body);
  expect(started.status).toBe(202);
  expect(started.data.url).toBe(`/jobs/${started.data.id}`);
  for (;;) {
    const job = await call("GET", `${started.data.url}?wait=60`);
    if (job.data.finished_at) return job.data;
  }
}

function expect400(
  r: { status: number; data: { error: string; issues: { field: string }[] } },
  field: string,
) {
  expect(r.status).toBe(400);
  expect(r.data.issues.map((i) => i.field)).toContain(field);
  expect(r.data.error).toContain(field);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "drflow-api-"));
  await Bun.write(
    join(dir, "notebooks", "hello.ts"),
    `export const title = "Hello";
export default function (nb) {
  nb.md("# hi " + (nb.settings.params.who ?? "nobody"));
  nb.plot({ marks: [nb.Plot.dot([{ x: 1, y: 2 }], { x: "x", y: "y" })] });
}
`,
  );
  store = new RunStore(join(dir, "runs.sqlite"));
  app = createApp({ deps: depsFor() });
});
afterAll(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("POST /generate", () => {
  test("writes a procedural suite and lists its tasks", async () => {
    const job = await work("POST", "/generate", { suite: "t", seed: 7, per_domain: 1 });
    expect(job).toMatchObject({ kind: "generate", status: "done", stage: "done", error: null });
    expect(job.result.suite).toBe("t");
    expect(job.result.tasks.length).toBe(5);
    refs = job.result.tasks;
    expect(refs.every((x) => x.startsWith("t/"))).toBe(true);
  }, 120_000);
  test("with `llm`, a model generates the suite through S1–S6 (scripted server, real HTTP)", async () => {
    const server = await startScriptedServer({ reply: fixtureReplier().reply });
    const saved = process.env.DRFLOW_CACHE_PATH;
    process.env.DRFLOW_CACHE_PATH = join(dir, "cache.sqlite");
    try {
      const model = `compat:${server.url}#test-model`;
      models.push(model);
      const job = await work("POST", "/generate", {
        suite: "g",
        llm: { model, domain: "healthcare", n: 1, adjacent_cases: 0 },
      });
      expect(job.status).toBe("done");
      expect(job.result).toMatchObject({ suite: "g", generator: "llm", tasks: ["g/healthcare_01"] });
      expect(job.result.usage.calls).toBeGreaterThan(5);
      expect(server.requests.length).toBeGreaterThan(5);
      expect(store.getRun(job.result.run_id)).toMatchObject({ kind: "generate", model });
      const task = await call("GET", "/tasks/g/healthcare_01");
      expect(task.data.flowcharts.generic).toMatch(/D\d+\{"/);
    } finally {
      if (saved === undefined) delete process.env.DRFLOW_CACHE_PATH;
      else process.env.DRFLOW_CACHE_PATH = saved;
      await server.close();
    }
  }, 120_000);
  test("an existing suite is refused (409) unless `replace`, which leaves only the new tasks", async () => {
    const refused = await call("POST", "/generate", { suite: "t", seed: 99, per_domain: 1 });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toContain(`suite "t" already exists`);
    expect(refused.data.error).toContain('{"replace": true}');
    // An LLM request for another generation's suite is refused the same way, before any model call.
    models.push("compat:http://127.0.0.1:9/v1#m");
    const llm = await call("POST", "/generate", {
      suite: "t",
      llm: { model: "compat:http://127.0.0.1:9/v1#m", domain: "legal", n: 1 },
    });
    expect(llm.status).toBe(409);
    const replaced = await work("POST", "/generate", { suite: "r", seed: 7, per_domain: 1 });
    expect(replaced.status).toBe("done");
    const again = await work("POST", "/generate", { suite: "r", seed: 99, per_domain: 1, replace: true });
    expect(again.status).toBe("done");
    const listed = await call("GET", "/tasks?suite=r");
    expect(listed.data.tasks.map((t: { ref: string }) => t.ref)).toEqual(again.result.tasks);
    for (const ref of again.result.tasks)
      expect((await call("GET", `/tasks/${ref}`)).data.task.provenance.seed).toBe(99);
    await rm(join(dir, "tasks", "r"), { recursive: true });
  }, 120_000);
  test("bad input names the field", async () => {
    expect400(
      await call("POST", "/generate", { suite: "t", llm: { model: "compat:x#y", domain: "space" } }),
      "llm.domain",
    );
    expect400(await call("POST", "/generate", { suite: "../escape" }), "suite");
    // Suite names are checked like ids: no hidden folder under the tasks root, no dotted one.
    for (const suite of [".hidden", "...", "a.b"])
      expect400(await call("POST", "/generate", { suite }), "suite");
    expect400(await call("POST", "/generate", { suite: "t", seed: "seven" }), "seed");
    expect400(await call("POST", "/generate", "{not json"), "body");
  });
});

describe("tasks", () => {
  test("GET /tasks lists every task, optionally by suite", async () => {
    const all = await call("GET", "/tasks?suite=t");
    expect(all.data.tasks.map((t: { ref: string }) => t.ref)).toEqual(refs);
    expect((await call("GET", "/tasks")).data.tasks.length).toBe(refs.length + 1);
    expect((await call("GET", "/tasks?suite=none")).data.tasks).toEqual([]);
    expect400(await call("GET", "/tasks?suite=a%2Fb"), "suite");
  });
  test("GET /tasks/:suite/:id returns the task with generic and personalized flowcharts", async () => {
    const r = await call("GET", `/tasks/${refs[0]}`);
    expect(r.status).toBe(200);
    expect(r.data.task.id).toBe(refs[0]!.split("/")[1]);
    expect(r.data.flowcharts.generic).toStartWith("graph TD");
    expect(r.data.flowcharts.generic).toMatch(/D\d+\{"/); // a decision diamond
    expect(r.data.flowcharts.generic).toMatch(/-->\|"/); // a labelled branch
    expect(r.data.flowcharts.personalized).toStartWith("graph TD");
    expect((await call("GET", "/tasks/t/nope_01")).status).toBe(404);
  });
  test("path-traversal ids are rejected before any file is touched", async () => {
    expect400(await call("GET", "/tasks/..%2F..%2Fetc/passwd"), "suite");
    expect400(await call("GET", "/tasks/t/..%2F..%2F..%2Fetc%2Fpasswd"), "id");
    // a literal ".." is normalized away by URL parsing before routing: it never names a task
    expect((await call("GET", "/tasks/../etc/passwd")).status).toBe(404);
  });
});

describe("env", () => {
  let envId = "";
  test("POST /env loads a split; GET /env/:id/search returns ranked hits", async () => {
    const job = await work("POST", "/env", { task: refs[0], split: "mixed" });
    expect(job).toMatchObject({ kind: "env", status: "done" });
    envId = job.result.id;
    const total = Object.values(job.result.documents as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(3);
    const s = await call(
      "GET",
      `/env/${envId}/search?q=${encodeURIComponent("policy procedure step")}&limit=3`,
    );
    expect(s.status).toBe(200);
    expect(s.data.hits.length).toBeGreaterThan(0);
    expect(s.data.hits.length).toBeLessThanOrEqual(3);
    expect(s.data.hits[0]).toHaveProperty("documentId");
    const byApp = await call("GET", `/env/${envId}/search?q=email&apps=email`);
    expect(byApp.data.hits.every((h: { app: string }) => h.app === "email")).toBe(true);
  }, 60_000);
  test("bad input, unknown ids and traversal", async () => {
    expect400(await call("POST", "/env", { task: refs[0], split: "both" }), "split");
    expect400(await call("POST", "/env", { split: "original" }), "task");
    expect400(await call("POST", "/env", { task: "../../etc/passwd" }), "task");
    expect((await call("POST", "/env", { task: "t/none_99" })).status).toBe(404);
    expect400(await call("GET", `/env/${envId}/search`), "q");
    expect400(await call("GET", `/env/${envId}/search?q=x&apps=fax`), "apps.0");
    expect((await call("GET", "/env/env_999/search?q=x")).status).toBe(404);
    expect400(await call("GET", "/env/..%2F..%2Fx/search?q=x"), "id");
  });
  test("DELETE /env/:id closes it", async () => {
    expect((await call("DELETE", `/env/${envId}`)).data.closed).toBe(true);
    expect((await call("GET", `/env/${envId}/search?q=x`)).status).toBe(404);
  });
});

describe("runs", () => {
  let runId = "";
  test("POST /runs starts a job; its events stream as SSE until done; GET /runs/:id has report, trace, usage, metrics", async () => {
    const r = await call("POST", "/runs", {
      task: refs[1],
      split: "original",
      agent: "extractive",
      judge: "lexical",
    });
    expect(r.status).toBe(202);
    expect(r.data.status).toBe("running");
    runId = r.data.id;
    const events = await call("GET", `/runs/${runId}/events`);
    expect(events.res.headers.get("content-type")).toContain("text/event-stream");
    const names = [...(events.data as string).matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names[0]).toBe("status");
    expect(names).toContain("trace");
    expect(names).toContain("metrics");
    expect(names.at(-1)).toBe("status");
    expect(events.data).toContain('"status":"done"');
    const detail = await call("GET", `/runs/${runId}`);
    expect(detail.data.status).toBe("done");
    expect(detail.data.report.task_id).toBe(refs[1]!.split("/")[1]);
    expect(detail.data.trace.length).toBeGreaterThan(0);
    // The offline agent made no model call: every count of the run's usage (RunUsage) is 0.
    expect(detail.data.usage).toEqual({
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      unpricedCalls: 0,
      cachedCalls: 0,
      listCostUsd: 0,
      listUnpricedCalls: 0,
    });
    expect(detail.data.metrics.map((m: { metric: string }) => m.metric)).toContain("f1");
    expect(detail.data.flowcharts.generic).toStartWith("graph TD");
    expect(detail.data.flowcharts.personalized).toContain("-->");
    const list = await call("GET", "/runs");
    expect(list.data.runs.map((x: { id: string }) => x.id)).toContain(runId);
  }, 60_000);
  test("runs are recorded in the run store: a restarted server still serves them", async () => {
    const stored = store.getRun(runId)!;
    expect(stored).toMatchObject({ kind: "agent", task: refs[1], agent: "extractive", status: "done" });
    expect(store.getReport(runId)?.task_id).toBe(refs[1]!.split("/")[1]!);
    expect(store.metrics({ run: runId }).length).toBeGreaterThan(0);
    const restarted = createApp({ deps: depsFor() });
    const res = await restarted.request(`http://127.0.0.1/runs/${runId}`);
    const body = (await res.json()) as {
      status: string;
      report: { task_id: string };
      metrics: unknown[];
      trace: unknown[];
    };
    expect(body.status).toBe("done");
    expect(body.metrics.length).toBeGreaterThan(0);
    expect(body.trace.length).toBeGreaterThan(0);
    const list = (await (await restarted.request("http://127.0.0.1/runs?limit=5")).json()) as {
      runs: { id: string }[];
    };
    expect(list.runs.map((r) => r.id)).toContain(runId);
    const events = await (await restarted.request(`http://127.0.0.1/runs/${runId}/events`)).text();
    expect(events).toContain('"status":"done"');
  });
  test("an LLM agent (DRFA) runs against its model; model calls stream as events and land in the run store", async () => {
    const server = await startScriptedServer({ reply: agentReplies() });
    const saved = process.env.DRFLOW_CACHE_PATH;
    const savedEmbedder = process.env.DRFLOW_EMBEDDER_MODEL;
    process.env.DRFLOW_CACHE_PATH = join(dir, "agent-cache.sqlite");
    // The embedder role on the same server: the agent's environment index embeds there (calls without a run id).
    process.env.DRFLOW_EMBEDDER_MODEL = `compat:${server.url}#test-embedder`;
    try {
      const model = `compat:${server.url}#test-model`;
      models.push(model);
      const r = await call("POST", "/runs", {
        task: refs[1],
        agent: "drfa",
        options: { iterations: 2 },
        model,
        judge: "lexical",
      });
      const events = (await call("GET", `/runs/${r.data.id}/events`)).data as string;
      expect(events).toContain('"type":"model"');
      expect(events).toContain('"status":"done"');
      const detail = await call("GET", `/runs/${r.data.id}`);
      expect(detail.data.usage.calls).toBeGreaterThan(3);
      // Every request is a recorded call: the run's own, and the environment index's (no run id) before them. A text
      // the index holds twice is embedded once: its second call is a recorded cache hit that sends no request.
      const index = store.db
        .query<{ n: number }, []>(
          "SELECT count(*) AS n FROM llm_calls WHERE run_id IS NULL AND role = 'embedder' AND cached = 0",
        )
        .get()!.n;
      expect(index).toBeGreaterThan(0);
      expect(detail.data.usage.calls).toBe(server.requests.length - index);
      expect(store.calls(r.data.id).length).toBe(server.requests.length - index);
      expect(store.getRun(r.data.id)).toMatchObject({ agent: "drfa:iterations=2", model, status: "done" });
      expect(store.getRun(r.data.id)!.agent_options).toMatchObject({ iterations: 2, gf: true, cap: true });
    } finally {
      if (saved === undefined) delete process.env.DRFLOW_CACHE_PATH;
      else process.env.DRFLOW_CACHE_PATH = saved;
      if (savedEmbedder === undefined) delete process.env.DRFLOW_EMBEDDER_MODEL;
      else process.env.DRFLOW_EMBEDDER_MODEL = savedEmbedder;
      await server.close();
    }
  }, 120_000);
  test("an LLM agent without a model fails with a message saying so", async () => {
    const r = await call("POST", "/runs", { task: refs[1], agent: "drfa" });
    const events = await call("GET", `/runs/${r.data.id}/events`);
    expect(events.data).toContain('"status":"failed"');
    expect((await call("GET", `/runs/${r.data.id}`)).data.error).toMatch(/needs a model/);
  });
  test("bad input names the field; unknown and unsafe ids", async () => {
    expect400(await call("POST", "/runs", { task: refs[1], agent: "oracle" }), "agent");
    expect400(await call("POST", "/runs", { task: refs[1], agent: "drfa", model: "gpt-4o" }), "model");
    expect400(
      await call("POST", "/runs", { task: refs[1], agent: "drfa", options: { iterations: [1] } }),
      "options.iterations",
    );
    expect400(
      await call("POST", "/runs", { task: refs[1], agent: "drfa", options: { "gf,cap": false } }),
      "options.gf,cap",
    );
    expect400(
      await call("POST", "/runs", { task: refs[1], agent: "drfa", options: { planning: "a,b=c" } }),
      "options.planning",
    );
    expect((await call("GET", "/runs/run_nope")).status).toBe(404);
    expect400(await call("GET", "/runs?limit=0"), "limit");
    expect400(await call("GET", "/runs/..%2F..%2Fetc"), "id");
  });
});

describe("POST /judge", () => {
  let report: Report;
  beforeAll(async () => {
    const runs = await call("GET", "/runs");
    const done = runs.data.runs.find((r: { status: string }) => r.status === "done");
    report = (await call("GET", `/runs/${done.id}`)).data.report;
  });
  test("scores a JSON report, and the same report as Markdown", async () => {
    const a = await work("POST", "/judge", { task: refs[1], report });
    expect(a).toMatchObject({ kind: "judge", status: "done" });
    const f1 = a.result.metrics.find((m: { metric: string }) => m.metric === "f1");
    expect(f1.value).toBeGreaterThanOrEqual(0);
    const b = await work("POST", "/judge", { task: refs[1], markdown: renderReportMarkdown(report) });
    expect(b.result.metrics.find((m: { metric: string }) => m.metric === "f1").value).toBeCloseTo(
      f1.value,
      6,
    );
  }, 60_000);
  test("a judge model handle sends the judge prompts to that model; unreadable replies stay unscored", async () => {
    const server = await startScriptedServer({ reply: () => ({ content: "I would rather not say." }) });
    const saved = process.env.DRFLOW_CACHE_PATH;
    process.env.DRFLOW_CACHE_PATH = join(dir, "judge-cache.sqlite");
    try {
      const judge = `compat:${server.url}#judge-model`;
      models.push(judge);
      const r = await work("POST", "/judge", { task: refs[1], report, judge, metrics: ["precision"] });
      expect(r.status).toBe("done");
      const precision = r.result.metrics.find((m: { metric: string }) => m.metric === "precision");
      expect(precision.judge.model).toBe(judge);
      expect(precision.unscored).toBeGreaterThan(0);
      expect(precision.value).toBeNull();
      expect(server.requests.length).toBeGreaterThan(0);
      expect(JSON.stringify(server.requests[0]!.body)).toContain(
        report.personalized_workflow[0]?.title ?? "",
      );
    } finally {
      if (saved === undefined) delete process.env.DRFLOW_CACHE_PATH;
      else process.env.DRFLOW_CACHE_PATH = saved;
      await server.close();
    }
  }, 120_000);
  test("exactly one of report or markdown; judge must be lexical or a handle", async () => {
    expect400(await call("POST", "/judge", { task: refs[1] }), "report");
    expect400(await call("POST", "/judge", { task: refs[1], report, markdown: "# x" }), "report");
    expect400(await call("POST", "/judge", { task: refs[1], report, judge: "gpt" }), "judge");
    expect400(await call("POST", "/judge", { task: refs[1], report: { task_id: "" } }), "report.task_id");
  });
});

describe("notebooks", () => {
  test("list, run (child process), serve", async () => {
    const list = await call("GET", "/notebooks");
    expect(list.data.notebooks).toEqual([
      { name: "hello", rendered: false, renderedAt: null, url: "/notebooks/hello" },
    ]);
    expect((await call("GET", "/notebooks/hello")).status).toBe(404);
    const run = await call("POST", "/notebooks/hello/run", { params: { who: "api" } });
    expect(run.status).toBe(200);
    // The page is runtime state: written under .drflow/, never into the notebooks (source) folder.
    expect(run.data.output).toBe(join(dir, ".drflow", "notebooks", "hello.html"));
    expect(existsSync(join(dir, "notebooks", "out"))).toBe(false);
    // Without a folder given, the server's pages go to .drflow/notebooks (DRFLOW_STATE), as `bun run nb` writes them.
    expect(defaultDeps({ store }).notebooksOut).toBe(
      join(process.env.DRFLOW_STATE ?? ".drflow", "notebooks"),
    );
    const page = await call("GET", "/notebooks/hello");
    expect(page.res.headers.get("content-type")).toContain("text/html");
    expect(page.data).toContain("hi api");
    expect(page.data).toContain("<svg");
  }, 60_000);
  test("unknown and unsafe names", async () => {
    expect((await call("GET", "/notebooks/nope")).status).toBe(404);
    expect400(await call("GET", "/notebooks/..%2F..%2Fsrc%2Findex"), "name");
    expect400(await call("POST", "/notebooks/hello/run", { params: { "a=b": "x" } }), "params.a=b");
  });
});

describe("GET /openapi.json", () => {
  test("documents every route with schemas generated from zod", async () => {
    const r = await call("GET", "/openapi.json");
    expect(r.data.openapi).toBe("3.1.0");
    const paths = Object.keys(r.data.paths).sort();
    expect(paths).toEqual([
      "/env",
      "/env/{id}",
      "/env/{id}/search",
      "/generate",
      "/health",
      "/jobs",
      "/jobs/{id}",
      "/judge",
      "/notebooks",
      "/notebooks/{name}",
      "/notebooks/{name}/run",
      "/openapi.json",
      "/runs",
      "/runs/{id}",
      "/runs/{id}/events",
      "/tasks",
      "/tasks/{suite}/{id}",
    ]);
    const runBody = r.data.paths["/runs"].post.requestBody.content["application/json"].schema;
    // The registered agents (src/agents/registry.ts), brief included: the list the API once kept by hand lacked it.
    expect(runBody.properties.agent.enum).toEqual(["basic", "drba", "drfa", "extractive", "brief"]);
    expect(runBody.required).toContain("task");
    expect(r.data.paths["/env/{id}/search"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "id",
      "q",
      "limit",
      "apps",
    ]);
  });
});

describe("binding and tokens", () => {
  const deps = depsFor;
  test("off loopback without a token the app refuses to exist", () => {
    expect(() => createApp({ deps: deps(), host: "0.0.0.0" })).toThrow(
      /refusing to bind 0.0.0.0 without a token/,
    );
    expect(() => createApp({ deps: deps(), host: "192.168.1.5", token: "short" })).toThrow(/at least 8/);
  });
  test("off loopback the bearer token is required on every route", async () => {
    const secured = createApp({ deps: deps(), host: "0.0.0.0", token: "s3cret-token" });
    const get = (headers: Record<string, string>) => secured.request("http://10.0.0.2/tasks", { headers });
    expect((await get({})).status).toBe(401);
    expect((await get({ authorization: "Bearer wrong-token!" })).status).toBe(401);
    expect((await get({ authorization: "Basic s3cret-token" })).status).toBe(401);
    expect((await get({ authorization: "Bearer s3cret-token" })).status).toBe(200);
    expect((await secured.request("http://10.0.0.2/openapi.json")).status).toBe(401);
  });
  test("drflow serve refuses a public host without --token or DRFLOW_API_TOKEN", async () => {
    const saved = process.env.DRFLOW_API_TOKEN;
    delete process.env.DRFLOW_API_TOKEN;
    try {
      await expect(serve.run(["--host", "0.0.0.0", "--port", "0"])).rejects.toThrow(/refusing to bind/);
    } finally {
      if (saved !== undefined) process.env.DRFLOW_API_TOKEN = saved;
    }
  });
});
