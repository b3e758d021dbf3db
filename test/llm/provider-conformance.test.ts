/**
 * Provider conformance: the LLM paths on first contact with an emulator that enforces OpenAI's, OpenRouter's and a
 * local server's documented rules (test/support/provider-emulator.ts). In each mode, `drflow generate --llm` builds a
 * task with two adjacent cases (S6's fact check in strict mode), `drflow run` runs drfa, drba and basic on it, and `drflow judge` scores a run with the LLM judge (all seven
 * metrics, factuality included) — with 0 strict-mode rejections and 0 embeddings requests to a chat model.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLlmGenerate } from "../../src/cli/commands/generate-llm.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies, kindOf } from "../agents/support/scripted-agent.ts";
import { fixtureReplier } from "../generate-llm/replier.ts";
import { drflow } from "../support/cli.ts";
import { replaceEnv } from "../support/env-vars.ts";
import { judgeReply } from "../support/judge-replies.ts";
import {
  type EmulatorProfile,
  type ProviderEmulator,
  startProviderEmulator,
} from "../support/provider-emulator.ts";
import type { RecordedRequest } from "../support/scripted-server.ts";

type Mode = {
  profile: EmulatorProfile;
  handle: (url: string) => string;
  env: (url: string) => Record<string, string>;
};

const MODES: Mode[] = [
  {
    profile: "openai",
    handle: () => "openai:gpt-4o",
    // The embedder role named explicitly (its default, the paper's) so the agents' session stores embed too.
    env: (url) => ({
      OPENAI_BASE_URL: url,
      OPENAI_API_KEY: "sk-emulator",
      DRFLOW_EMBEDDER_MODEL: "openai:text-embedding-3-small",
    }),
  },
  {
    profile: "openrouter",
    handle: () => "openrouter:openai/gpt-4o",
    env: (url) => ({
      OPENROUTER_BASE_URL: url,
      OPENROUTER_API_KEY: "sk-emulator",
      DRFLOW_EMBEDDER_MODEL: "openrouter:openai/text-embedding-3-small",
    }),
  },
  {
    profile: "local",
    handle: (url) => `compat:${url}#qwen2.5-7b`,
    env: (url) => ({ DRFLOW_EMBEDDER_MODEL: `compat:${url}#nomic-embed-text` }),
  },
];

/** One "model" that answers the generator's, the agents' and the judge's prompts. */
function replyAll() {
  const agents = agentReplies();
  const generator = fixtureReplier().reply;
  return (req: RecordedRequest, index: number) => {
    if (req.path.endsWith("/embeddings")) return {};
    if (kindOf(req) !== "unknown") return agents(req, index);
    return judgeReply(req) ?? generator(req);
  };
}

const VARIABLES = [
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  "OPENROUTER_BASE_URL",
  "OPENROUTER_API_KEY",
  "DRFLOW_EMBEDDER_MODEL",
  "DRFLOW_CACHE_PATH",
  "DRFLOW_CACHE",
];

for (const mode of MODES) {
  describe(`against the emulator in ${mode.profile} mode`, () => {
    let emulator: ProviderEmulator;
    let tmp: string;
    let handle: string;
    let restoreEnv: () => void = () => {};
    const root = () => join(tmp, "tasks");
    const store = () => join(tmp, "runs.sqlite");

    beforeAll(async () => {
      tmp = await mkdtemp(join(tmpdir(), `drflow-conformance-${mode.profile}-`));
      emulator = await startProviderEmulator({ profile: mode.profile, reply: replyAll() });
      handle = mode.handle(emulator.url);
      restoreEnv = replaceEnv(VARIABLES, {
        ...mode.env(emulator.url),
        DRFLOW_CACHE_PATH: join(tmp, "cache.sqlite"),
      });
    });
    afterAll(async () => {
      restoreEnv();
      await emulator.close();
      await rm(tmp, { recursive: true, force: true });
    });

    test("drflow generate --llm builds a task", async () => {
      const lines: string[] = [];
      const code = await runLlmGenerate(
        [
          "--llm",
          ...["--domain", "healthcare", "--n", "1", "--adjacent", "2", "--model", handle],
          ...["--suite", "conf", "--root", root(), "--store", store()],
        ],
        { now: () => "2026-03-02T10:00:00Z", log: (l) => lines.push(l), env: { ...process.env } },
      );
      expect(code).toBe(0);
      expect(lines.some((l) => /^healthcare_01: \d+ steps, \d+ artifacts/.test(l))).toBe(true);
      // Two adjacent cases, each fact-checked (S6) in strict mode, and the task validates.
      const task = JSON.parse(await readFile(join(root(), "conf/healthcare_01/task.json"), "utf8")) as {
        adjacent_cases: unknown[];
      };
      expect(task.adjacent_cases).toHaveLength(2);
      const validated = await drflow("tasks", "validate", "conf/healthcare_01", "--root", root());
      expect(validated.code).toBe(0);
    }, 120_000);

    for (const agent of ["drfa:iterations=2", "drba:iterations=2", "basic"]) {
      test(`drflow run --agent ${agent.split(":")[0]} completes with a report`, async () => {
        const r = await drflow(
          "run",
          ...[
            ...["--agent", agent, "--model", handle, "--task", "conf/healthcare_01"],
            ...["--root", root(), "--store", store(), "--quiet", "--out", join(tmp, "report.md")],
          ],
        );
        expect(r.err).toMatch(/^run run-[0-9a-f]+: \d+ steps/m);
        expect(r.code).toBe(0);
        const s = new RunStore(store());
        try {
          const last = s.db
            .query<{ id: string; status: string }, []>(
              "SELECT id, status FROM runs WHERE kind = 'agent' ORDER BY rowid DESC LIMIT 1",
            )
            .get()!;
          expect(last.status).toBe("done");
          expect(s.getReport(last.id)!.personalized_workflow.length).toBeGreaterThan(0);
        } finally {
          s.close();
        }
      }, 120_000);
    }

    test("drflow judge --judge <llm> scores a run on all seven metrics, factuality included", async () => {
      const s = new RunStore(store());
      const runId = s.db
        .query<{ id: string }, []>("SELECT id FROM runs WHERE kind = 'agent' AND agent LIKE 'drfa%' LIMIT 1")
        .get()!.id;
      s.close();
      const r = await drflow(
        "judge",
        ...["--run", runId, "--judge", handle, "--root", root(), "--store", store(), "--json"],
      );
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      const result = JSON.parse(r.out) as {
        metrics: { metric: string; value: number | null; scored: number; unscored: number }[];
      };
      const factuality = result.metrics.find((m) => m.metric === "factuality")!;
      expect(factuality.scored).toBeGreaterThan(0);
      expect(result.metrics.map((m) => m.metric).sort()).toHaveLength(7);
      expect(result.metrics.filter((m) => m.unscored > 0)).toEqual([]);
      // Judge calls carry the run id, so usage by run and batch counts them.
      const after = new RunStore(store());
      try {
        const roles = new Set(after.calls(runId).map((c) => c.role));
        expect([...roles].sort()).toEqual(["agent", "embedder", "judge"]);
      } finally {
        after.close();
      }
    }, 120_000);

    test("0 strict-mode rejections, 0 embeddings requests to a chat model, nothing the provider refused", () => {
      const strictRequests = emulator.requests.filter(
        (r) =>
          (r.body as { response_format?: { json_schema?: { strict?: boolean } } }).response_format
            ?.json_schema?.strict === true,
      );
      const embeddings = emulator.requests.filter((r) => r.path.endsWith("/embeddings"));
      console.log(
        `${mode.profile}: ${emulator.stats.requests} requests, ${strictRequests.length} strict json_schema, ${embeddings.length} embeddings, ${emulator.stats.conformed} replies shaped by the constrained decoder; refused: ${JSON.stringify(emulator.errors.map((e) => e.message))}`,
      );
      expect(strictRequests.length).toBeGreaterThan(0);
      expect(embeddings.length).toBeGreaterThan(0);
      expect(emulator.stats).toMatchObject({
        strictRejections: 0,
        formatRejections: 0,
        embeddingsToChatModel: 0,
        chatToEmbeddingModel: 0,
        systemNotFirst: 0,
        unknownModel: 0,
        unauthorized: 0,
      });
      expect(emulator.errors).toEqual([]);
    });
  });
}
