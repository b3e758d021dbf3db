/**
 * The human-agreement bench (`scripts/bench/judge-humans.ts`) end to end: the lexical judge on the team's labelled set
 * meets the bars, and the exact LLM-judge command the lead runs through the model relay works over real HTTP
 * against the scripted OpenAI-compatible server (answers read from each prompt's text), batched protocol, with nothing
 * the judge sends carrying a human label. Skipped where the shared labelled set is not beside the repository.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { HumanAgreement } from "../../src/analysis/human-agreement.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { readingDecider, scriptedJudge } from "./protocol-agreement.ts";

const REPO = resolve(import.meta.dir, "../..");
function sharedSet(): string | null {
  let dir = REPO;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "..", "shared", "judge-validation");
    if (existsSync(join(candidate, "index.json"))) return candidate;
    dir = resolve(dir, "..");
  }
  return null;
}
const SET = sharedSet();
const out = mkdtempSync(join(tmpdir(), "drflow-judge-humans-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function bench(args: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn(["bun", "scripts/bench/judge-humans.ts", ...args], {
    cwd: REPO,
    env: { ...process.env, DRFLOW_CACHE: "off", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { stdout, stderr, code };
}

describe.skipIf(SET === null)("judge-humans bench on the shared labelled set", () => {
  test("the lexical judge agrees with the annotators as the issue asks", async () => {
    const json = join(out, "lexical.json");
    const r = await bench(["--set", SET!, "--json", json]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^bench judge-humans: lexical vs annotators on 12 packets/m);
    const a = JSON.parse(readFileSync(json, "utf8")) as HumanAgreement;
    const m = (name: keyof HumanAgreement["metrics"]) => a.metrics[name].lexical!;
    for (const name of ["condition_resolution", "personalized_comprehensiveness"] as const) {
      expect(m(name).pearson!).toBeGreaterThanOrEqual(0.85);
      expect(m(name).meanAbsoluteDifference!).toBeLessThanOrEqual(0.1);
      expect(m(name).preference).toEqual({ agree: 6, pairs: 6 });
    }
    expect(m("factuality").meanAbsoluteDifference!).toBeLessThanOrEqual(0.1);
    expect(m("factuality").preference.agree).toBe(m("factuality").preference.pairs);
    expect(m("f1").meanAbsoluteDifference!).toBeLessThanOrEqual(0.03);
    expect(a.annotators.match.kappa).toBe(1);
  }, 300_000);

  describe("the LLM-judge command, over HTTP against a scripted OpenAI-compatible server", () => {
    let server: ScriptedServer;
    beforeAll(async () => {
      server = await startScriptedServer({ reply: scriptedJudge(readingDecider) });
    });
    afterAll(() => server.close());

    test("batched protocol on Q01,Q10,Q04,Q06 (the lead's relay command): every metric scored, 5–7 requests a packet, none carrying a human label", async () => {
      const json = join(out, "llm.json");
      const handle = `compat:${server.url}#relay?structured=json_schema`;
      // As docs/judges.md gives the relay command: the offline embedder ranks factuality passages (no embedding requests).
      const r = await bench(
        [
          "--set",
          SET!,
          "--judge",
          handle,
          "--protocol",
          "batched",
          "--packets",
          "Q01,Q10,Q04,Q06",
          "--timeout",
          "3600",
          "--json",
          json,
        ],
        { DRFLOW_EMBEDDER_MODEL: "hashing" },
      );
      expect(r.stderr).not.toContain("error");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^bench judge-humans: llm:batched vs annotators on 4 packets/m);
      expect(server.requests.filter((q) => q.path.endsWith("/embeddings"))).toHaveLength(0);
      // Precision, recall, condition resolution, comprehensiveness: one each; factuality one per set of claims sharing a
      // cited document (1–3 on these reports).
      expect(server.requests.length).toBeGreaterThanOrEqual(4 * 5);
      expect(server.requests.length).toBeLessThanOrEqual(4 * 7);
      const a = JSON.parse(readFileSync(json, "utf8")) as HumanAgreement;
      for (const row of a.packets)
        for (const metric of [
          "f1",
          "condition_resolution",
          "personalized_comprehensiveness",
          "factuality",
        ] as const)
          expect(typeof row.judges["llm:batched"]![metric]).toBe("number");
      const chats = server.requests.filter((q) => q.path.endsWith("/chat/completions"));
      expect(chats.length).toBeGreaterThan(0);
      // What the annotators wrote never reaches the answering model: no note, no label file's words.
      const factuality = JSON.parse(readFileSync(join(SET!, "labels", "factuality.json"), "utf8")) as Record<
        string,
        { steps: Record<string, { note?: string }> }
      >;
      const notes = Object.values(factuality)
        .flatMap((r) => Object.values(r.steps).map((s) => s.note ?? ""))
        .filter((n) => n.length > 30)
        .map((n) => n.slice(0, 30));
      expect(notes.length).toBeGreaterThan(5);
      for (const q of server.requests) {
        const body = JSON.stringify(q.body);
        for (const note of notes) expect(body).not.toContain(note);
        expect(body).not.toMatch(/annotator|"supported"|personalization":\s*0\.\d/);
        // Nor which packet it is or who wrote the report.
        expect(body).not.toMatch(/careful-reader|careful reader|judge-validation|\bQ(?:0[1-9]|1[0-2])\b/);
      }
    }, 300_000);
  });
});
