/**
 * The relay commands the lead runs (scripts/relay/README.md), end to end against the real model-relay.py with a scripted
 * answerer in the answering model's place: one agent run per relay stored under its name, judged afterwards by the
 * lexical judge and by the batched LLM judge through a second relay, and the summary of calls, tokens and scores.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/services/common.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { agentReplies, kindOf } from "../agents/support/scripted-agent.ts";
import { readingDecider, scriptedJudge } from "../judge/protocol-agreement.ts";
import { answerRelay } from "../support/relay-answerer.ts";

const REPO = join(import.meta.dir, "../..");
const RELAY =
  [join(REPO, "../shared/tools/model-relay.py"), "/work/shared/tools/model-relay.py"].find((p) =>
    existsSync(p),
  ) ?? "";
const present = RELAY !== "" && Bun.which("python3") !== null && Bun.which("curl") !== null;
let runs: string;

beforeAll(() => {
  runs = mkdtempSync(join(tmpdir(), "drflow-relay-"));
});
afterAll(() => rmSync(runs, { recursive: true, force: true }));

async function sh(...args: string[]) {
  const child = Bun.spawn(["bash", ...args], {
    cwd: REPO,
    env: {
      ...process.env,
      RELAY_SCRIPT: RELAY,
      RELAY_TASKS: join(REPO, "tasks"),
      RELAY_RUNS: runs,
      RELAY_SPLIT: "mixed",
      RELAY_HOLD: "60",
      RELAY_TIMEOUT: "120",
    },
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

test.skipIf(!present)(
  "agent.sh runs DRFA through a relay and stores the run by name; judge.sh judges it lexically and through a second relay",
  async () => {
    const replies = agentReplies();
    const agent = answerRelay(join(runs, "drfa-healthcare_01"), (req) => replies(req, 0));
    // Free ports: a fixed one met a relay of a real run on this machine, and the run talked to it.
    const run = await sh("scripts/relay/agent.sh", String(await freePort()), "drfa", "demo/healthcare_01");
    await agent.stop();
    expect(run.err).toMatch(/^run drfa-healthcare_01: \d+ steps/m);
    expect(run.code).toBe(0);
    const dir = join(runs, "drfa-healthcare_01");
    expect(readFileSync(join(dir, "report.md"), "utf8")).toContain("## 1. Generic Enterprise Workflow");
    // Every request the relay wrote was answered; DRFA stays within 12 calls.
    const asked = readFileSync(join(dir, "usage.txt"), "utf8");
    expect(asked).toContain("workflow_generation");
    expect(agent.answered).toBeGreaterThan(4);
    expect(agent.answered).toBeLessThanOrEqual(12);
    const s = new RunStore(join(runs, "runs.sqlite"));
    try {
      expect(s.getRun("drfa-healthcare_01")!.status).toBe("done");
      expect(s.calls("drfa-healthcare_01").filter((c) => c.role === "agent")).toHaveLength(agent.answered);
    } finally {
      s.close();
    }

    const judgeReply = scriptedJudge(readingDecider);
    const judge = answerRelay(join(dir, "judge"), (req) => {
      if (kindOf(req) !== "unknown") throw new Error("the judge relay got an agent prompt");
      return judgeReply(req);
    });
    const judged = await sh("scripts/relay/judge.sh", String(await freePort()), "drfa-healthcare_01");
    await judge.stop();
    expect(judged.code).toBe(0);
    const lexical = JSON.parse(readFileSync(join(dir, "judge-lexical.json"), "utf8")) as { judge: string };
    const llm = JSON.parse(readFileSync(join(dir, "judge-llm.json"), "utf8")) as {
      protocol: string;
      metrics: { metric: string; value: number | null }[];
    };
    expect(lexical.judge).toBe("lexical");
    expect(llm.protocol).toBe("batched");
    expect(llm.metrics.filter((m) => m.value !== null).length).toBeGreaterThan(3);
    expect(judge.answered).toBeGreaterThan(2);

    const summary = Bun.spawnSync(["bun", "scripts/relay/summary.ts", "--store", join(runs, "runs.sqlite")], {
      cwd: REPO,
    });
    const table = summary.stdout.toString();
    expect(table).toMatch(/drfa-healthcare_01\s+done\s+\d+\s+plan 1, act 2/);
    expect(table).toContain("llm F1");
  },
  180_000,
);

test.skipIf(!present)("agent.sh refuses a port another server answers on, and runs nothing", async () => {
  const other = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("someone else") });
  try {
    const run = await sh("scripts/relay/agent.sh", String(other.port), "basic", "demo/healthcare_01");
    expect(run.code).toBe(2);
    expect(run.err).toContain(
      `agent.sh: port ${other.port} is in use (another relay or server answers there)`,
    );
    expect(existsSync(join(runs, "basic-healthcare_01", "report.md"))).toBe(false);
  } finally {
    other.stop(true);
  }
});
