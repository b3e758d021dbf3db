/** DRBA over the scripted server: planning none / SRP / CRP, AAP on and off, the iteration budget, and J.9 at the end. */
import { expect, test } from "bun:test";
import { drba } from "../../src/agents/index.ts";
import { runScripted } from "./support/harness.ts";

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

test("AAP asks for gap actions after every round until the plan converges, within the iteration budget", async () => {
  const run = await runScripted(drba({ planning: "none", aap: true, iterations: 10 }));
  const aap = run.kinds.filter((k) => k === "DRBA.AAP").length;
  const actions = run.trace.filter((e) => e.type === "action" && e.status === "started").length;
  expect(aap).toBe(actions); // one adaptive call per round, each round one action
  expect(run.kinds.at(-1)).toBe("J.9");

  let n = 0;
  const endless = () => ({
    content: JSON.stringify([
      { type: "enterprise_api", description: "more", parameters: { query: `angle${n++} topic${n++}` } },
    ]),
  });
  const bounded = await runScripted(drba({ planning: "none", iterations: 3 }), { "DRBA.AAP": endless });
  expect(bounded.trace.filter((e) => e.type === "action" && e.status === "started")).toHaveLength(3);
  expect(bounded.kinds.filter((k) => k === "DRBA.AAP")).toHaveLength(3);
});
