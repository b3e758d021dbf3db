/** Basic over the scripted server: one J.9 call over every document, within the context budget. */
import { expect, test } from "bun:test";
import { basic } from "../../src/agents/index.ts";
import { FIXTURE } from "./support/fixture-env.ts";
import { runScripted } from "./support/harness.ts";
import { promptOf } from "./support/scripted-agent.ts";

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
