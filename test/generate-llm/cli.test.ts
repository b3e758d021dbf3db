import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLlmGenerate } from "../../src/cli/commands/generate-llm.ts";
import { secretDigest } from "../../src/core/index.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { fixtureReplier } from "./replier.ts";

let tmp: string;
let server: ScriptedServer;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-gen-cli-"));
  server = await startScriptedServer({ reply: fixtureReplier().reply });
});

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

function args(extra: string[] = []): string[] {
  return [
    "--llm",
    "--domain",
    "healthcare",
    "--n",
    "1",
    "--model",
    `compat:${server.url}#test-model`,
    "--suite",
    "cli",
    "--root",
    join(tmp, "tasks"),
    "--store",
    join(tmp, "runs.sqlite"),
    "--adjacent",
    "0",
    ...extra,
  ];
}

const io = (lines: string[]) => ({
  now: () => "2026-03-02T10:00:00Z",
  log: (l: string) => lines.push(l),
  env: { DRFLOW_CACHE_PATH: join(tmp, "cache.sqlite"), DRFLOW_SUITE_SECRET: "llm-cli-secret" },
});

describe("drflow generate --llm (CLI branch)", () => {
  test("per-stage progress with cost so far, a summary, and the §C.2 review export", async () => {
    const lines: string[] = [];
    expect(await runLlmGenerate(args(["--review"]), io(lines))).toBe(0);
    expect(lines).toContain("[*] S1 task seeds start ($0.0000 so far)");
    expect(
      // The test server is unpriced: no call so far had a price, and the line says so (never $0).
      lines.some((l) =>
        /^\[healthcare_01\] S4 personalized workflow done \(unpriced \(\d+ calls\) so far\)$/.test(l),
      ),
    ).toBe(true);
    expect(lines.some((l) => /^\[healthcare_01\] realize 26\/26 healthcare_01_(IN|DI)_\d+/.test(l))).toBe(
      true,
    );
    expect(lines.some((l) => /^healthcare_01: 12 steps, 26 artifacts, 0 issue\(s\)/.test(l))).toBe(true);
    expect(lines.some((l) => /^run gen-cli-\d+: \d+ calls/.test(l))).toBe(true);
    expect(lines).toContain(
      `review: 12 steps checked, 1 flagged for human review → ${join(tmp, "tasks", "cli", "review.csv")}`,
    );
    expect(existsSync(join(tmp, "tasks", "cli", "review.json"))).toBe(true);
  }, 60_000);

  test("re-running resumes every stage and asks the server nothing", async () => {
    const before = server.requests.length;
    const lines: string[] = [];
    expect(await runLlmGenerate(args(), io(lines))).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(lines).toContain("[*] S1 task seeds resumed ($0.0000 so far)");
    expect(lines).toContain("[healthcare_01] S2 contexts resumed ($0.0000 so far)");
  }, 60_000);

  test("re-running with another secret, or none, is refused before any call, naming the suite's secret digest", async () => {
    const before = server.requests.length;
    const other = { ...io([]), env: { ...io([]).env, DRFLOW_SUITE_SECRET: "another-secret" } };
    await expect(runLlmGenerate(args(), other)).rejects.toThrow(
      new RegExp(
        `generated with a suite secret \\(digest ${secretDigest("llm-cli-secret")}\\) other than the one given`,
      ),
    );
    const none = { ...io([]), env: { DRFLOW_CACHE_PATH: io([]).env.DRFLOW_CACHE_PATH } };
    await expect(runLlmGenerate(args(), none)).rejects.toThrow(/and none was given: give the same --secret/);
    expect(server.requests.length).toBe(before);
    // the task records the digest, gold-side; the secret is in no file of the suite
    const task = JSON.parse(readFileSync(join(tmp, "tasks", "cli", "healthcare_01", "task.json"), "utf8"));
    expect(task.provenance.secret_digest).toBe(secretDigest("llm-cli-secret"));
    const suite = join(tmp, "tasks", "cli");
    const holding = readdirSync(suite, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .filter((f) => readFileSync(f).includes("llm-cli-secret"));
    expect(holding).toEqual([]);
  }, 60_000);

  test("another generation into the suite is refused before any call; --replace starts it afresh", async () => {
    const before = server.requests.length;
    await expect(runLlmGenerate(args(["--seed", "8"]), io([]))).rejects.toThrow(
      /suite "cli" already exists at .* with 1 task\(s\) \(llm seed 7\): writing into it would mix two generations/,
    );
    expect(server.requests.length).toBe(before);
    const lines: string[] = [];
    expect(await runLlmGenerate(args(["--seed", "8", "--replace"]), io(lines))).toBe(0);
    // Nothing resumed: the old suite and its work folder were removed first.
    expect(lines).toContain("[*] S1 task seeds start ($0.0000 so far)");
    expect(existsSync(join(tmp, "tasks", "cli", "review.csv"))).toBe(false);
    expect(server.requests.length).toBeGreaterThan(before);
  }, 60_000);

  test("without --model, DRFLOW_GENERATOR_MODEL is the generator (the role variable `drflow models` lists)", async () => {
    const before = server.requests.length;
    const lines: string[] = [];
    const withoutModel = args().filter((a, i, all) => a !== "--model" && all[i - 1] !== "--model");
    const env = { ...io(lines).env, DRFLOW_GENERATOR_MODEL: `compat:${server.url}#env-generator` };
    const suite = withoutModel.map((a) => (a === "cli" ? "cli-env" : a));
    expect(await runLlmGenerate(suite, { ...io(lines), env })).toBe(0);
    const asked = server.requests.slice(before).map((r) => (r.body as { model?: string }).model);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(["env-generator"]));
  }, 60_000);

  test("usage errors name the flag", async () => {
    await expect(runLlmGenerate(["--llm", "--suite", "x", "--domain", "finance"], io([]))).rejects.toThrow(
      '--domain: expected one of b2b, b2c, education, healthcare, legal, got "finance"',
    );
    await expect(runLlmGenerate(["--llm", "--domain", "legal"], io([]))).rejects.toThrow(
      "--suite is required",
    );
  });
});
