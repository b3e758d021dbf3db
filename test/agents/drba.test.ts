/** DRBA over the scripted server: planning none / SRP / CRP, AAP on and off, the iteration budget, and J.9 at the end. */
import { expect, test } from "bun:test";
import { drba } from "../../src/agents/index.ts";
import { runScripted } from "./support/harness.ts";
import { promptOf } from "./support/scripted-agent.ts";

const chat = (kinds: string[]) => kinds.filter((k) => k !== "embeddings");

test("planning none skips research planning; SRP and CRP plan first, then one action call per objective", async () => {
  const none = await runScripted(drba({ planning: "none", aap: false }));
  expect(chat(none.kinds)).toEqual(["DRBA.ACTIONS", "J.9"]);

  const srp = await runScripted(drba({ planning: "srp", aap: false }));
  expect(chat(srp.kinds)).toEqual(["DRBA.SRP", "DRBA.ACTIONS", "DRBA.ACTIONS", "J.9"]);

  const crp = await runScripted(drba({ planning: "crp", aap: false }));
  expect(chat(crp.kinds)).toEqual(["DRBA.CRP", "DRBA.ACTIONS", "DRBA.ACTIONS", "J.9"]);
  expect(crp.report.personalized_workflow.length).toBeGreaterThan(0);
});

test("AAP is asked after a round that found something, until it answers that nothing is missing", async () => {
  const run = await runScripted(drba({ planning: "none", aap: true, iterations: 10 }));
  // The scripted AAP answers [] at once: one call, then never again.
  expect(run.kinds.filter((k) => k === "DRBA.AAP")).toHaveLength(1);
  expect(run.kinds.at(-1)).toBe("J.9");

  let n = 0;
  const endless = () => ({
    content: JSON.stringify([
      {
        type: "enterprise_api",
        description: "more",
        parameters: { query: `angle${n++} topic${n++}`, top_k: 5, service: "auto", document: "" },
        priority: 0.5,
        expected_output: "more",
        preferred_tool: "EnterpriseAPITool",
      },
    ]),
  });
  const bounded = await runScripted(drba({ planning: "none", iterations: 1 }), { "DRBA.AAP": endless });
  // One AAP call in the one round, and what it proposed still runs after the budget.
  expect(bounded.kinds.filter((k) => k === "DRBA.AAP")).toHaveLength(1);
  const started = bounded.trace.flatMap((e) =>
    e.type === "action" && e.status === "started" ? [e.actionId] : [],
  );
  expect(started.some((id) => id.startsWith("aap1_"))).toBe(true);
  expect(
    bounded.trace.some((e) => e.type === "note" && e.message.startsWith("round budget (1) reached")),
  ).toBe(true);
});

test("DRBA's J.9 carries every document it found whole when they fit the budget", async () => {
  const j9 = (r: Awaited<ReturnType<typeof runScripted>>) =>
    promptOf(r.requests[r.kinds.lastIndexOf("J.9")]!);
  const roomy = await runScripted(drba({ planning: "none", aap: false }));
  const prompt = j9(roomy);
  expect(prompt).toMatch(/\(Every document found so far, whole: \d+ documents\.\)/);
  expect(prompt).not.toContain("[…]");
});
