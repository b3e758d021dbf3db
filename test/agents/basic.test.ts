/** Basic over the scripted server: one J.9 call over every document, within the context budget. */
import { expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { basic } from "../../src/agents/index.ts";
import { runAgent } from "../../src/agents/run.ts";
import { DEFAULT_EVIDENCE_CHARS } from "../../src/agents/shared/sources.ts";
import { loadEnv } from "../../src/env/load.ts";
import { generateProceduralSuite } from "../../src/generate/index.ts";
import { createModel } from "../../src/llm/index.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { startScriptedServer } from "../support/scripted-server.ts";
import { FIXTURE } from "./support/fixture-env.ts";
import { runScripted } from "./support/harness.ts";
import { agentReplies, kindOf, promptOf } from "./support/scripted-agent.ts";

test("basic reads every document and predicts the workflow in one J.9 call", async () => {
  const run = await runScripted(basic());
  expect(run.kinds).toEqual(["J.9"]);
  const prompt = promptOf(run.requests[0]!);
  const originals = FIXTURE.documents.filter((d) => !d.id.includes("_AD_"));
  for (const d of originals) expect(prompt).toContain(d.path);
  expect(prompt).not.toContain("email/nguyen-consent.eml"); // the mixed-split document is not in this env
  expect(run.report.personalized_workflow).toHaveLength(6);
  expect(run.report.references.length).toBeGreaterThan(0);
  expect(run.trace.filter((e) => e.type === "model")).toHaveLength(1);
  expect(run.usage.calls).toBe(1);
});

test("basic shares a small context budget fairly across documents", async () => {
  const run = await runScripted(basic({ contextChars: 1200 }), {}, "mixed");
  const prompt = promptOf(run.requests[0]!);
  const contents = prompt.split("### DOCUMENT CONTENTS:")[1]!.split("### SOURCE REFERENCE:")[0]!;
  const bodies = contents.split(/^=== \[src_\d+\] .*===$/m).slice(1);
  expect(bodies).toHaveLength(FIXTURE.documents.length);
  const total = bodies.reduce((n, b) => n + b.trim().length, 0);
  expect(total).toBeLessThanOrEqual(1200);
  const note = run.trace.find((e) => e.type === "note" && e.message.startsWith("context budget:"));
  expect(note?.type === "note" ? note.message : "").toMatch(
    /^context budget: 1,[0-9]{3} of [0-9,]+ characters \(\d+ %\): \d+ of \d+ documents whole, \d+ cut to their first [0-9,]+ characters$/,
  );
  // The short chat message fits whole; the long policy is cut.
  expect(contents).toContain("consent discussion can happen Dec 1 at 14:00 in clinic room 4.");
  expect(contents).not.toContain("close the consent encounter.");
});

test("basic on a task with its company corpus (over 500,000 characters) sends at most its 160,000, every document from its start", async () => {
  const root = await mkdtemp(join(tmpdir(), "drflow-basic-corpus-"));
  const server = await startScriptedServer({ reply: agentReplies() });
  try {
    await generateProceduralSuite({ root, suite: "big", seed: 11, perDomain: 1, domains: ["legal"] });
    const loaded = await loadTask(root, "big/legal_01");
    const env = await loadEnv(loaded, { split: "mixed" });
    const docs = await env.list();
    const total = docs.reduce((n, d) => n + d.text.length, 0);
    expect(total).toBeGreaterThan(3 * DEFAULT_EVIDENCE_CHARS);
    const model = createModel(`compat:${server.url}#test-model`, { cache: null, retry: { maxRetries: 0 } });
    const run = await runAgent(basic(), env, model, { runId: "big", now: () => 0 });
    await env.close();
    expect(server.requests.map(kindOf)).toEqual(["J.9"]);
    const contents = promptOf(server.requests[0]!)
      .split("### DOCUMENT CONTENTS:")[1]!
      .split("### SOURCE REFERENCE:")[0]!;
    const bodies = contents
      .split(/^=== \[src_\d+\] .*===$/m)
      .slice(1)
      .map((b) => b.trim());
    // Every document is in the prompt, all of them together filling the budget; each from its start (the fair share
    // of each: short ones whole, long ones cut at a sentence), a paragraph another document showed as a marker.
    expect(bodies).toHaveLength(docs.length);
    const shown = bodies.reduce((n, b) => n + b.length, 0);
    expect(shown).toBeLessThanOrEqual(DEFAULT_EVIDENCE_CHARS);
    expect(shown).toBeGreaterThan(0.98 * DEFAULT_EVIDENCE_CHARS);
    const starts = new Set(docs.map((d) => d.text.trim().slice(0, 60)));
    for (const b of bodies)
      expect(starts.has(b.slice(0, 60)) || /word for word as/.test(b.slice(0, 400))).toBe(true);
    expect(contents).toContain("word for word as");
    const note = run.trace.find((e) => e.type === "note" && e.message.startsWith("context budget:"));
    expect(note?.type === "note" ? note.message : "").toMatch(
      /^context budget: 1\d\d,\d{3} of [0-9,]+ characters \(\d+ %\): \d+ of \d+ documents whole, \d+ cut to their first [0-9,]+ characters$/,
    );
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}, 60_000);
