/**
 * DRFA against the scripted OpenAI-compatible server over real HTTP: prompt order, scheduling of conditional before
 * gap-finding actions, the ablations, the iteration budget, citation repair and the trace.
 */
import { describe, expect, test } from "bun:test";
import { drfa } from "../../src/agents/index.ts";
import { renderResearchPlanning } from "../../src/agents/prompts/research-planning.ts";
import { toolsSection } from "../../src/agents/prompts/tool-guidelines.ts";
import { AgentRunError } from "../../src/agents/shared/failure.ts";
import { TOOL_INFO } from "../../src/agents/shared/tools.ts";
import type { TraceEvent } from "../../src/agents/types.ts";
import { FIXTURE } from "./support/fixture-env.ts";
import { runScripted } from "./support/harness.ts";
import { fixtureText, promptOf } from "./support/scripted-agent.ts";

type ActionEvent = Extract<TraceEvent, { type: "action" }>;

function started(trace: TraceEvent[]): string[] {
  return trace
    .filter((e): e is ActionEvent => e.type === "action" && e.status === "started")
    .map((e) => e.actionId);
}

describe("DRFA over the scripted server", () => {
  test("sends the planned prompts in order: J.4, J.5 per area, then each round J.7/J.8 before J.6, and J.9 last", async () => {
    const run = await runScripted(drfa({ iterations: 10 }));
    const chat = run.kinds.filter((k) => k !== "embeddings");
    expect(chat.slice(0, 3)).toEqual(["J.4", "J.5", "J.5"]);
    expect(chat.at(-1)).toBe("J.9");
    // Round 1: conditional action planning (J.7 then J.8) comes before gap finding (J.6).
    expect(chat.slice(3, 6)).toEqual(["J.7", "J.8", "J.6"]);
    // The research plan prompt is J.4 with its slots filled, and J.5 carries each area of the J.4 reply.
    const j4 = promptOf(run.requests[0]!);
    expect(j4).toBe(
      renderResearchPlanning({
        question: FIXTURE.question,
        toolsSection: toolsSection([TOOL_INFO.local_document_search, TOOL_INFO.enterprise_search]),
      }),
    );
    const plan = JSON.parse(fixtureText("research-plan.json"));
    expect(promptOf(run.requests[1]!)).toContain("CURRENT STAGE: REQUIREMENT_COLLECTION");
    expect(promptOf(run.requests[1]!)).toContain(plan.research_investigation_areas[0].research_focus);
    expect(promptOf(run.requests[2]!)).toContain("CURRENT STAGE: PERSONAL_EVIDENCE_COLLECTION");
    // J.8 lists the conditions J.7 extracted; J.9 lists sources as src_N and never shows real artifact ids.
    const j8 = promptOf(run.requests[chat.indexOf("J.8")]!);
    expect(j8).toContain("condition_id: lep_vs_english");
    expect(j8).toContain("condition_id: elective_vs_emergent_interpreter");
    const j9 = promptOf(run.requests.at(-1)!);
    expect(j9).toMatch(/- src_1: /);
    expect(j9).not.toContain("fx_01_IN_");
    expect(j9).not.toContain("fx_01_DI_");
  });

  test("conditional actions run before gap-finding actions (and before the rest of the plan)", async () => {
    const run = await runScripted(drfa({ iterations: 10 }));
    const order = started(run.trace);
    // The first round's conditional actions (a later J.8 plans again for conditions its actions found nothing for).
    const all = order.filter((id) => id.startsWith("cap"));
    const cap = all.filter((id) => id.split("_")[0] === all[0]!.split("_")[0]);
    const gap = order.filter((id) => id.startsWith("gap"));
    expect(cap.length).toBeGreaterThan(0);
    expect(gap.length).toBeGreaterThan(0);
    const lastCap = Math.max(...cap.map((id) => order.indexOf(id)));
    const firstGap = Math.min(...gap.map((id) => order.indexOf(id)));
    expect(lastCap).toBeLessThan(firstGap);
    // Round 1 runs the whole initial plan; the conditional actions, inserted ahead, open round 2.
    const planned = order.filter((id) => /^\d+_action_/.test(id));
    expect(order.slice(0, planned.length)).toEqual(planned);
    expect(order.slice(planned.length, planned.length + cap.length)).toEqual(cap);
    // The diversity rule dropped the near-duplicate gap proposal.
    expect(run.trace.some((e) => e.type === "note" && e.message.includes("keyword overlap"))).toBe(true);
  });

  test("w/o GF makes no gap-finding call; w/o CAP no intermediate-workflow or conditional-planning call", async () => {
    const noGf = await runScripted(drfa({ gf: false }));
    expect(noGf.kinds).not.toContain("J.6");
    expect(noGf.kinds).toContain("J.7");
    expect(noGf.kinds).toContain("J.8");
    expect(started(noGf.trace).some((id) => id.startsWith("gap"))).toBe(false);

    const noCap = await runScripted(drfa({ cap: false }));
    expect(noCap.kinds).not.toContain("J.7");
    expect(noCap.kinds).not.toContain("J.8");
    expect(noCap.kinds).toContain("J.6");
    expect(started(noCap.trace).some((id) => id.startsWith("cap"))).toBe(false);

    const neither = await runScripted(drfa({ gf: false, cap: false }));
    expect(neither.kinds.filter((k) => k !== "embeddings")).toEqual(["J.4", "J.5", "J.5", "J.9"]);
  });

  test("the round budget and the planning-call budget hold even when gap finding never stops proposing", async () => {
    let n = 0;
    const endless = () => ({
      content: JSON.stringify([
        {
          type: "enterprise_api",
          description: `new angle ${n}`,
          parameters: {
            query: `distinct${n++} dimension${n++} probe${n++}`,
            top_k: 5,
            service: "auto",
            document: "",
          },
          priority: 0.99,
          expected_output: "more",
          preferred_tool: "EnterpriseAPITool",
          stage: "PERSONAL_EVIDENCE_COLLECTION",
        },
      ]),
    });
    for (const iterations of [1, 3]) {
      const run = await runScripted(drfa({ iterations }), { "J.6": endless });
      // One gap analysis per round at most, and every action planned was run (the last round's after the budget).
      expect(run.kinds.filter((k) => k === "J.6").length).toBeLessThanOrEqual(iterations);
      const planned = new Set(
        run.trace.flatMap((e) => (e.type === "action" && e.status === "started" ? [e.actionId] : [])),
      );
      expect(planned.size).toBeGreaterThan(6);
      // The loop ends at the budget, or sooner when a round brings nothing new.
      const ended = (e: (typeof run.trace)[number], prefix: string) =>
        e.type === "note" && e.message.startsWith(prefix);
      expect(
        run.trace.some(
          (e) => ended(e, `round budget (${iterations}) reached`) || ended(e, "converged after"),
        ),
      ).toBe(true);
      if (iterations === 1) expect(run.trace.some((e) => ended(e, "round budget (1) reached"))).toBe(true);
      expect(run.kinds.at(-1)).toBe("J.9");
    }
    // However many rounds: J.4, two J.5, at most 8 planning calls and J.9 — 12 calls.
    const long = await runScripted(drfa({ iterations: 30 }), { "J.6": endless });
    const calls = long.kinds.filter((k) => k !== "embeddings");
    expect(calls.length).toBeLessThanOrEqual(12);
    expect(calls.filter((k) => k === "J.6" || k === "J.7" || k === "J.8").length).toBeLessThanOrEqual(8);
    // A spent budget stops adaptive planning (J.7 and J.8 took the two calls; gap finding is skipped).
    const tight = await runScripted(drfa({ iterations: 30, planningCalls: 2 }), { "J.6": endless });
    expect(tight.kinds.filter((k) => k === "J.6" || k === "J.7" || k === "J.8")).toEqual(["J.7", "J.8"]);
    const spent = (e: (typeof tight.trace)[number]) =>
      e.type === "note" && e.message.includes("planning-call budget is spent");
    expect(tight.trace.some(spent)).toBe(true);
  });

  test("gap finding runs only on new findings, and an empty answer ends it", async () => {
    const run = await runScripted(drfa({ iterations: 10 }), { "J.6": () => ({ content: '{"value": []}' }) });
    expect(run.kinds.filter((k) => k === "J.6")).toHaveLength(1);
    expect(run.trace.some((e) => e.type === "note" && e.message.includes("not asked again"))).toBe(true);
    // The J.6 request's counts, query list and descriptions describe the same actions.
    const j6 = promptOf(run.requests[run.kinds.indexOf("J.6")]!);
    const queries = JSON.parse(
      /ALREADY-USED SEARCH QUERIES \(DO NOT repeat or rephrase these\): (\[[\s\S]*?\n\])/.exec(j6)![1]!,
    );
    const total = Number(/"total": (\d+)/.exec(j6)![1]);
    expect(queries).toHaveLength(total);
    expect(j6).toContain(`(Both lists above hold all ${total} planned actions, in the same order:`);
    expect(j6).toMatch(/DOCUMENTS FOUND SO FAR \(\d+; DocumentReaderTool/);
    // Rule 5 stays verbatim; the line beside it says a partly read policy is not yet read, and the pending line follows.
    expect(j6).toContain(
      "5. If both policy documents AND personal evidence are found, return [].\n(For rule 5, a policy document listed under DOCUMENTS FOUND with only some of its passages read is found but not read:",
    );
    expect(j6).toMatch(/rule 5 does not return \[\] for it\.\)\n\(The \d+ planned actions not run yet/);
  });

  test("the workflow is extracted again only when new policy passages arrived; a round without any says so", async () => {
    const run = await runScripted(drfa({ iterations: 10 }));
    const notes = run.trace.flatMap((e) => (e.type === "note" ? [e.message] : []));
    // Round 1 found the policies and extracted the workflow; round 2's searches were personal: no second J.7.
    expect(run.kinds.filter((k) => k === "J.7")).toHaveLength(1);
    expect(notes).toContain(
      "intermediate workflow (J.7): no new policy passage since it last ran; not re-run",
    );
    expect(notes.findIndex((n) => n.includes("no new policy passage"))).toBeGreaterThan(
      notes.findIndex((n) => n.startsWith("round 1:")),
    );
  });

  test("citation repair fixes a personalized step with no citation and no justification; invalid ids are filtered", async () => {
    const run = await runScripted(drfa({ iterations: 10 }));
    const steps = run.report.personalized_workflow;
    expect(steps).toHaveLength(6);
    // Step 6 came back from the model with no [DOC:…] marker and an empty justification.
    const six = steps.find((s) => s.item === 6)!;
    expect(six.citations.length).toBeGreaterThan(0);
    expect(six.justification.trim().length).toBeGreaterThan(0);
    expect(six.justification).toMatch(/\[DOC:src_\d+\]/);
    // Every personalized step is cited and justified; every citation resolves through the references.
    const keys = new Set(run.report.references.map((r) => r.key));
    for (const s of steps) {
      expect(s.citations.length).toBeGreaterThan(0);
      expect(s.justification.trim()).not.toBe("");
      for (const c of s.citations) expect(keys.has(c)).toBe(true);
    }
    // src_99 named no source: dropped from the text and the citations.
    expect(JSON.stringify(run.report)).not.toContain("src_99");
    expect(
      run.trace.some(
        (e) => e.type === "note" && e.message.includes("citation repair: personalized_workflow step 6"),
      ),
    ).toBe(true);
    // References map keys back to real artifact ids.
    for (const r of run.report.references) expect(r.source_id).toMatch(/^fx_01_(IN|DI|AD)_\d+$/);
    expect(run.report.condition_resolution.filter((r) => r.resolved)).toHaveLength(3);
  });

  test("the trace records every model call, tool call and action", async () => {
    const run = await runScripted(drfa({ iterations: 10 }));
    const models = run.trace.filter((e) => e.type === "model");
    expect(models).toHaveLength(run.requests.length);
    const stageOf: Record<string, string> = {
      "J.4": "research_planning",
      "J.5": "action_planning",
      "J.6": "gap_finding",
      "J.7": "intermediate_workflow",
      "J.8": "conditional_action_planning",
      "J.9": "workflow_generation",
    };
    expect(models.map((m) => (m.type === "model" ? m.stage : ""))).toEqual(
      run.kinds.map((k) => stageOf[k] ?? k),
    );
    expect(run.usage.calls).toBe(run.requests.length);
    expect(run.usage.requests).toBe(run.requests.length);
    const sentTokens = run.requests.length > 0 ? run.usage.inputTokens : 0;
    expect(sentTokens).toBeGreaterThan(0);
    // Each action has started + done events and at least one tool call between them.
    const ids = started(run.trace);
    for (const id of ids) {
      const s = run.trace.findIndex(
        (e) => e.type === "action" && e.actionId === id && e.status === "started",
      );
      const d = run.trace.findIndex((e) => e.type === "action" && e.actionId === id && e.status === "done");
      expect(d).toBeGreaterThan(s);
      expect(run.trace.slice(s, d).some((e) => e.type === "tool")).toBe(true);
    }
    // Timestamps come from the injected clock, strictly increasing.
    const at = run.trace.map((e) => e.at);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  test("a structured reply repaired by the model layer is one traced call with its attempts counted", async () => {
    let j7 = 0;
    const run = await runScripted(drfa({ iterations: 10 }), {
      "J.7": () => ({
        content:
          j7++ === 0 ? "Here are the steps: step 1 create record" : fixtureText("intermediate-workflow.json"),
      }),
    });
    expect(j7).toBeGreaterThanOrEqual(2); // the bad reply and its repair, then any later round where policy evidence grew
    const call = run.trace.find((e) => e.type === "model" && e.stage === "intermediate_workflow");
    expect(call?.type === "model" && call.attempts).toBe(2);
    expect(run.usage.requests).toBe(run.requests.length);
    expect(run.usage.calls).toBe(run.requests.length - 1);
    expect(run.kinds).toContain("J.8"); // the repaired workflow still drove conditional planning
  });

  test("an unusable planning reply fails the run with a one-line reason; the raw reply stays in the trace", async () => {
    const error = await runScripted(drfa({ iterations: 2 }), {
      "J.4": () => ({ content: "I cannot help with that." }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentRunError);
    const failure = error as AgentRunError;
    expect(failure.message).toBe(
      "research_planning: the model's research_plan reply was unusable after 3 attempt(s): the reply contains no JSON object",
    );
    const notes = failure.trace.flatMap((e) => (e.type === "note" ? [e.message] : []));
    expect(notes).toContain("research_planning: rejected model reply (raw): I cannot help with that.");
    const failed = failure.trace.find((e) => e.type === "model" && e.stage === "research_planning");
    expect(failed?.type === "model" && [failed.failed, failed.attempts]).toEqual([true, 3]);
    // Nothing after planning ran: no report was made from the unusable reply.
    expect(failure.trace.some((e) => e.type === "model" && e.stage === "workflow_generation")).toBe(false);
  });

  test("over the evidence budget, workflow generation keeps the findings the session store ranks highest", async () => {
    const run = await runScripted(drfa({ evidenceChars: 1000 }));
    const j9 = promptOf(run.requests.at(-1)!);
    const contents = j9.split("### DOCUMENT CONTENTS:")[1]!.split("### SOURCE REFERENCE:")[0]!;
    const bodies = contents.split(/^=== \[src_\d+\] .*===$/m).slice(1);
    expect(bodies.reduce((n, b) => n + b.trim().length, 0)).toBeLessThanOrEqual(1000);
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    expect(contents).toContain("enterprise_email"); // personal evidence survives the cut
    expect(contents).toContain("enterprise_file"); // and so does policy
  });
});
