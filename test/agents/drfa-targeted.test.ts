/**
 * DRFA's conditional action planning over the scripted server (real HTTP): a condition J.8 no longer lists as open is
 * named in the next J.8 request with the actions that targeted it and what they found (adapter J.8.targeted), so the
 * shorter list never reads as conditions resolved by nothing shown.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { conditionalActionPlanning, newAdaptiveState } from "../../src/agents/drfa/adaptive.ts";
import { type Action, toAction } from "../../src/agents/shared/action.ts";
import { executeAction, openContext, type ResearchContext } from "../../src/agents/shared/context.ts";
import type { Env } from "../../src/env/types.ts";
import { createModel } from "../../src/llm/index.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { fixtureEnv } from "./support/fixture-env.ts";
import { agentReplies, fixtureText, kindOf, promptOf } from "./support/scripted-agent.ts";

const WORKFLOW = JSON.parse(fixtureText("intermediate-workflow.json"));
const WITNESS = {
  condition_id: "signature_witness",
  step_number: 6,
  description: "Whether a parking badge must be shown at the front desk",
  branches: ["badge shown", "no badge"],
  evidence_needed: "The visitor's badge",
  search_queries: ["visitor badge"],
};

let server: ScriptedServer;
let env: Env;
let rc: ResearchContext;
beforeAll(async () => {
  server = await startScriptedServer({ reply: agentReplies() });
  env = await fixtureEnv();
  const model = createModel(`compat:${server.url}#test-model`, { cache: null, retry: { maxRetries: 0 } });
  rc = await openContext({ env, model, runId: "t" });
});
afterAll(async () => {
  await rc.findings.close();
  await env.close();
  await server.close();
});

const search = (id: string, query: string, conditionId: string | null, ran = true): Action => {
  const action = toAction(
    {
      type: conditionId ? "enterprise_api" : "local_document_search",
      description: id,
      parameters: { query, top_k: 3 },
      priority: 0.9,
      expected_output: "",
      preferred_tool: "",
    },
    { id, stage: "PERSONAL_EVIDENCE_COLLECTION", origin: "conditional", priority: 0.9, conditionId },
  );
  rc.plan.add([action]);
  if (ran) {
    rc.plan.take(1, 1);
    rc.plan.complete(id);
  }
  return action;
};

test("a later J.8 names every condition targeted earlier, its actions, and the passage found for it", async () => {
  // Round 1 found the consent policy and ran one action per condition; the language one found the patient's email.
  await executeAction(rc, search("1_action_0", "informed consent limited English procedure", null), 1);
  await executeAction(rc, search("cap1_action_0", "Alvarez preferred language Spanish", "lep_vs_english"), 2);
  search(
    "cap1_action_1",
    "hernia repair elective or emergent Dec 3",
    "elective_vs_emergent_interpreter",
    false,
  );
  const state = newAdaptiveState(8);
  state.intermediate = { ...WORKFLOW, conditional_steps: [...WORKFLOW.conditional_steps, WITNESS] };
  state.policySeen = rc.findings.bySide("policy").length;
  for (const id of ["lep_vs_english", "elective_vs_emergent_interpreter"]) state.targeted.add(id);

  await conditionalActionPlanning(rc, state, 2);
  const j8 = server.requests.filter((r) => kindOf(r) === "J.8").map(promptOf);
  expect(j8.length).toBe(1);
  const [open, rest] = j8[0]!.split("CONDITIONS TARGETED IN EARLIER ROUNDS");
  expect(open).toContain("condition_id: signature_witness");
  expect(open).not.toContain("condition_id: lep_vs_english");
  const lines = rest!
    .split("ALREADY-USED QUERIES")[0]!
    .split("\n")
    .filter((l) => l.startsWith("- "));
  expect(lines.map((l) => l.split(" ")[1])).toEqual(["lep_vs_english", "elective_vs_emergent_interpreter"]);
  // Ran, and found the patient's language: the line names the document, its source key and the sentence.
  expect(lines[0]).toContain(
    'targeted by 1 action(s) ("Alvarez preferred language Spanish"), 1 run, 0 not run yet;',
  );
  expect(lines[0]).toMatch(/found in "Re: Mr\. Alvarez consent - language" \(src_\d+\): .*Spanish/);
  // Planned, not run, nothing personal speaks to it: said so, no document invented.
  expect(lines[1]).toContain(
    'targeted by 1 action(s) ("hernia repair elective or emergent Dec 3"), 0 run, 1 not run yet; no passage found so far speaks to it',
  );
});

test("the first J.8 says no condition was targeted yet", async () => {
  const fresh = newAdaptiveState(8);
  fresh.intermediate = WORKFLOW;
  fresh.policySeen = rc.findings.bySide("policy").length;
  const before = server.requests.length;
  await conditionalActionPlanning(rc, fresh, 3);
  const j8 = server.requests
    .slice(before)
    .filter((r) => kindOf(r) === "J.8")
    .map(promptOf);
  expect(j8[0]).toMatch(
    /what those actions found\): none, every condition extracted so far is listed above\.\nALREADY-USED QUERIES/,
  );
});

test("a condition whose actions ran and found nothing is planned for once more, saying what was searched; never a third time", async () => {
  // Relay round 5, b2c_01: DRFA's one J.8 round never found the notes that settle two conditions; nothing asked again.
  await executeAction(
    rc,
    search("cap1_action_9", "visitor badge front desk sign-in", "signature_witness"),
    2,
  );
  const state = newAdaptiveState(8);
  state.intermediate = { ...WORKFLOW, conditional_steps: [...WORKFLOW.conditional_steps, WITNESS] };
  state.policySeen = rc.findings.bySide("policy").length;
  for (const c of state.intermediate!.conditional_steps) state.targeted.add(c.condition_id);
  const before = server.requests.length;
  await conditionalActionPlanning(rc, state, 5);
  await conditionalActionPlanning(rc, state, 6);
  const j8 = server.requests
    .slice(before)
    .filter((r) => kindOf(r) === "J.8")
    .map(promptOf);
  expect(j8.length).toBe(1);
  const [open, rest] = j8[0]!.split("CONDITIONS TARGETED IN EARLIER ROUNDS");
  expect(open).toContain("condition_id: signature_witness");
  expect(open).toContain('searched before, nothing found: "visitor badge front desk sign-in"');
  // The language condition's action found the patient's e-mail: not asked again, still reported below.
  expect(open).not.toContain("condition_id: lep_vs_english");
  expect(rest).toContain("- lep_vs_english");
  expect(state.replanned.has("signature_witness")).toBe(true);
});
