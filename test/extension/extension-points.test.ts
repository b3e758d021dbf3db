/**
 * Extension points declare themselves once and every list follows: a throwaway agent and a throwaway metric, each
 * registered in one call, appear in `drflow run --help` / `drflow judge --help`, in the API's OpenAPI enums and in the
 * studio, and run end to end through `POST /runs` (judged, stored). Also the two lists that had drifted: `POST /runs`
 * with `brief` on a real DRBench task, and `env up --mattermost` (src/cli/flags.test.ts).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { z } from "zod";
import { defineAgent, extractive, registerAgent, unregisterAgent } from "../../src/agents/index.ts";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { ModelHandle } from "../../src/api/schemas.ts";
import { main } from "../../src/cli/main.ts";
import { importDrbench } from "../../src/generate/import/drbench.ts";
import { type Metric, registerMetric, unregisterMetric } from "../../src/judge/index.ts";
import { parseHandle, registerProvider, unregisterProvider } from "../../src/llm/index.ts";
import { apiKeyFor } from "../../src/llm/model.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { RunStore } from "../../src/store/run-store.ts";

setDefaultTimeout(120_000);

/** An offline agent of its own name that answers with the extractive agent's report. */
const THROWAWAY = defineAgent({
  name: "throwaway",
  summary: "a test's agent: the extractive report under another name",
  options: z.strictObject({ tag: z.string().default("x") }),
  serves: ["drflow"],
  needsModel: false,
  run: (context) => extractive().run(context),
});

/** A metric of its own: the share of ten steps the report predicts (no judge question of its own). */
const STEP_SHARE: Metric = {
  name: "step_share",
  label: { short: "Steps", long: "Step share" },
  kinds: ["drflow"],
  decisions: ["precision"],
  dependsOn: [],
  async run({ predicted, judge }) {
    const value = Math.min(1, predicted.length / 10);
    return {
      metric: "step_share",
      value,
      scored: 1,
      unscored: 0,
      items: [
        {
          id: "task",
          score: value,
          matched: null,
          confidence: null,
          justification: `${predicted.length} steps`,
        },
      ],
      judge: judge.info("precision"),
      tokens: 0,
    };
  },
};

let dir: string;
let store: RunStore;
let app: Hono;

async function call(method: string, path: string, body?: unknown) {
  const res = await app.request(`http://127.0.0.1${path}`, {
    method,
    headers: method === "GET" ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const type = res.headers.get("content-type") ?? "";
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below
  return { status: res.status, data: (type.includes("json") ? await res.json() : await res.text()) as any };
}

/** POST /runs and wait for the run to finish. */
async function runJob(body: Record<string, unknown>) {
  const started = await call("POST", "/runs", body);
  expect(started.status).toBe(202);
  // The event stream ends when the run does.
  await call("GET", `/runs/${started.data.id}/events`);
  return (await call("GET", `/runs/${started.data.id}`)).data;
}

async function stdoutOf(argv: string[]): Promise<string> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    expect(await main(argv)).toBe(0);
  } finally {
    console.log = log;
  }
  return lines.join("\n");
}

beforeAll(async () => {
  registerAgent(THROWAWAY);
  registerMetric(STEP_SHARE);
  dir = await mkdtemp(join(tmpdir(), "drflow-extension-"));
  const root = join(dir, "tasks");
  copyTaskFolder(join(import.meta.dir, "../../tasks"), "demo/healthcare_01", root);
  await importDrbench(join(import.meta.dir, "../fixtures/drbench-sample/tasks"), { root });
  store = new RunStore(join(dir, "runs.sqlite"));
  app = createApp({
    deps: defaultDeps({
      tasksRoot: root,
      notebooksDir: join(dir, "notebooks"),
      indexDir: join(dir, "env"),
      store,
    }),
    studio: { cachePath: join(dir, "cache.sqlite") },
  });
});

afterAll(async () => {
  unregisterAgent("throwaway");
  unregisterMetric("step_share");
  store.close();
  await rm(dir, { recursive: true, force: true });
});

test("the CLI's help lists the registered agent and metric", async () => {
  expect(await stdoutOf(["run", "--help"])).toContain("throwaway   a test's agent");
  expect(await stdoutOf(["judge", "--help"])).toContain("step_share (drflow)");
});

test("the OpenAPI document's enums list them, and requests naming them validate", async () => {
  const doc = (await call("GET", "/openapi.json")).data;
  const runBody = doc.paths["/runs"].post.requestBody.content["application/json"].schema;
  expect(runBody.properties.agent.enum).toEqual([
    "basic",
    "drba",
    "drfa",
    "extractive",
    "brief",
    "throwaway",
  ]);
  const judgeBody = doc.paths["/judge"].post.requestBody.content["application/json"].schema;
  expect(judgeBody.properties.metrics.items.enum).toContain("step_share");
  const refused = await call("POST", "/runs", { task: "demo/healthcare_01", agent: "nonesuch" });
  expect(refused.status).toBe(400);
  expect(refused.data.error).toContain(
    'unknown agent "nonesuch": expected one of basic, drba, drfa, extractive, brief, throwaway',
  );
});

test("the throwaway agent runs through POST /runs, is judged with the throwaway metric, and shows in the studio", async () => {
  const run = await runJob({
    task: "demo/healthcare_01",
    agent: "throwaway",
    options: { tag: "y" },
    judge: "lexical",
  });
  expect(run.status).toBe("done");
  expect(run.agent).toBe("throwaway:tag=y");
  const share = run.metrics.find((m: { metric: string }) => m.metric === "step_share");
  expect(share.value).toBeGreaterThan(0);
  expect(run.metrics.map((m: { metric: string }) => m.metric)).toContain("f1");
  const runs = await call("GET", "/studio/runs");
  expect(runs.status).toBe(200);
  expect(runs.data).toContain("throwaway");
  expect(runs.data).toContain("Steps");
  const page = await call("GET", `/studio/runs/${run.id}`);
  expect(page.data).toContain("Step share");
});

test("POST /runs with brief on a DRBench task writes a cited research report", async () => {
  const run = await runJob({ task: "drbench/DR0002", agent: "brief", judge: "lexical" });
  expect(run.error).toBeNull();
  expect(run.status).toBe("done");
  expect(run.report.form).toBe("research");
  expect(run.report.references.length).toBeGreaterThan(0);
  expect(run.metrics.map((m: { metric: string }) => m.metric)).toContain("insight_recall");
});

test("a provider declared once is a handle prefix everywhere: parsing, its key variable, the API's handle check", () => {
  expect(ModelHandle.safeParse("acme:m1").success).toBe(false);
  registerProvider({
    name: "acme",
    form: "acme:<model>",
    baseUrl: { default: "https://api.acme.test/v1", variable: "ACME_BASE_URL" },
    keyVariable: "ACME_API_KEY",
    key: "always",
    concurrency: 2,
    maxTokensParam: "max_tokens",
  });
  try {
    const parsed = parseHandle("acme:m1", { ACME_BASE_URL: "http://127.0.0.1:9/v1" });
    expect(parsed).toMatchObject({ provider: "acme", model: "m1", baseURL: "http://127.0.0.1:9/v1" });
    expect(parseHandle("acme:m1").baseURL).toBe("https://api.acme.test/v1");
    expect(() => apiKeyFor(parsed, {}, true)).toThrow("ACME_API_KEY");
    expect(ModelHandle.safeParse("acme:m1").success).toBe(true);
    expect(() => parseHandle("nope:m1")).toThrow('"acme:<model>"');
  } finally {
    unregisterProvider("acme");
  }
});
