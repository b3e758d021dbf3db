import { describe, expect, test } from "bun:test";
import type { AppName } from "../../core/index.ts";
import type { App, Env, EnvDocument, SearchHit } from "../../env/types.ts";
import { focusCaseIds } from "./case-focus.ts";
import { extractRules } from "./conditions.ts";
import { extractive } from "./index.ts";
import { resolveRule } from "./resolve.ts";
import { extractSteps } from "./steps.ts";
import { termSet } from "./text.ts";

/** A small in-memory Env: documents per app and a term-overlap search (enough to drive the agent's logic). */
function memoryEnv(
  docs: EnvDocument[],
  question: string,
  user = {
    name: "Dana Whitfield",
    email: "dana.whitfield@clinic.example",
    role: "Clinic Nurse",
    role_description: "Coordinates consent for the clinic.",
  },
): Env {
  const byApp = (name: AppName) => docs.filter((d) => d.app === name);
  const search = async (
    query: string,
    options: { apps?: AppName[]; limit?: number } = {},
  ): Promise<SearchHit[]> => {
    const q = termSet(query);
    return docs
      .filter((d) => !options.apps || options.apps.includes(d.app))
      .map((d) => {
        const t = termSet(`${d.title} ${d.text}`);
        let hits = 0;
        for (const x of q) if (t.has(x)) hits++;
        return { d, score: hits / Math.max(1, q.size) };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, options.limit ?? 10)
      .map(({ d, score }) => ({
        documentId: d.id,
        chunkId: `${d.id}#0`,
        app: d.app,
        title: d.title,
        path: d.path,
        score,
        snippet: d.text.slice(0, 80),
        text: d.text,
        author: d.author,
        date: d.date,
      }));
  };
  const app = (name: AppName): App => ({
    name,
    add: async () => {},
    list: async () => byApp(name),
    read: async (id) => byApp(name).find((d) => d.id === id) ?? null,
    search: (q, limit) => search(q, { apps: [name], limit }),
    close: async () => {},
  });
  return {
    taskId: "t_01",
    question,
    user,
    split: "mixed",
    apps: { drive: app("drive"), files: app("files"), chat: app("chat"), email: app("email") },
    search,
    read: async (id) => docs.find((d) => d.id === id) ?? null,
    list: async (name) => (name ? byApp(name) : docs),
    close: async () => {},
  };
}

const doc = (
  id: string,
  app: AppName,
  title: string,
  text: string,
  author = "Records Office",
): EnvDocument => ({ id, app, title, path: `${app}/${id}`, text, author, date: "2025-03-01" });

const POLICY_A = `Informed Consent for Patients with Limited English Proficiency
Section 2. Procedure
Step 1 — Register the consent request. Create the consent record in the EHR under the patient's MRN.
Step 2 — Confirm the patient's language. After Step 1, check the language recorded at intake. If the patient's preferred language is not English, book a certified medical interpreter through the interpreter desk; otherwise, proceed with the standard English consent form.
Step 3 — Explain the procedure. The physician explains risks, benefits and alternatives in the chosen language.

Section 5. Parking
Visitor parking is validated at the front desk.`;
const POLICY_B = `Consent Documentation Standard
Step 4: Obtain the signature. Once Step 3 is complete, the patient signs the consent form. If the patient is a minor, obtain the signature of a parent or legal guardian; otherwise, the patient signs for themselves.
Step 5: File the signed form. Scan the signed form into the chart within 24 hours.`;
const DISTRACTOR = `Cafeteria Menu Rotation
The cafeteria menu rotates weekly. Vegetarian options are available every day.`;

function fixtureDocs(): EnvDocument[] {
  return [
    doc("t_01_IN_1", "drive", "Informed Consent for Patients with Limited English Proficiency", POLICY_A),
    doc("t_01_IN_2", "drive", "Consent Documentation Standard", POLICY_B),
    doc("t_01_DI_1", "drive", "Cafeteria Menu Rotation", DISTRACTOR),
    doc(
      "t_01_IN_3",
      "email",
      "Mrs. Ortega consent (MRN-204518)",
      "Hi Dana, FYI Mrs. Ortega (MRN-204518) told the front desk her preferred language is Spanish, not English, so she will need an interpreter. She is 67, so she is not a minor. We will obtain an informed decision despite her limited proficiency. Thanks, Luis",
      "Luis Ramos",
    ),
    doc(
      "t_01_AD_1",
      "chat",
      "#nursing",
      "Can you take Mr. Chen's case (MRN-771203)? What is the workflow to re-consent Mr. Chen after his procedure changed? He prefers English and is a minor, 16 years old; his parent will sign.",
      "Priya Nair",
    ),
  ];
}

describe("text extraction", () => {
  test("Step N markers give numbered steps bounded by their paragraph, with rules and prerequisite mentions", () => {
    const steps = extractSteps("d", POLICY_A);
    expect(steps.map((s) => [s.number, s.title])).toEqual([
      [1, "Register the consent request"],
      [2, "Confirm the patient's language"],
      [3, "Explain the procedure"],
    ]);
    expect(steps[2]!.text).not.toContain("Parking");
    expect(steps[1]!.requires).toEqual([1]);
    expect(steps[1]!.rules).toHaveLength(1);
    expect(steps[1]!.rules[0]!.branches.map((b) => b.action)).toEqual([
      "book a certified medical interpreter through the interpreter desk",
      "proceed with the standard English consent form",
    ]);
  });

  test("unnumbered prose with sequencing words gives ordered steps", () => {
    const steps = extractSteps(
      "d",
      "First, open a ticket. Then, assign an owner to it. After that, review the request with legal. Finally, close the ticket.",
    );
    expect(steps.map((s) => s.title)).toEqual([
      "Open a ticket",
      "Assign an owner to it",
      "Review the request with legal",
      "Close the ticket",
    ]);
  });

  test("a lone if-clause gets an implicit alternative; chained ifs on one subject are one decision", () => {
    const lone = extractRules("If the vendor is foreign, collect a W-8BEN form.");
    expect(lone[0]!.branches).toHaveLength(2);
    const chained = extractRules(
      "If the contract value is under $10,000, the manager approves. If the contract value is $10,000 or more, the CFO approves.",
    );
    expect(chained).toHaveLength(1);
    expect(chained[0]!.branches).toHaveLength(2);
  });

  test("resolution follows the branch whose distinguishing terms the evidence states, with negation flipping", () => {
    const [rule] = extractRules(
      "If the patient's preferred language is not English, book a certified medical interpreter; otherwise, use the standard English consent form.",
    );
    const says = (text: string) => resolveRule(rule!, [{ text, docId: "e", weight: 1 }]).branch;
    expect(says("She will need a certified interpreter for the visit.")).toBe(0);
    expect(says("Her preferred language is English.")).toBe(1);
    expect(says("The parking garage is full.")).toBeNull();
  });

  test("a chat line off the condition's subject does not outvote facts about it, though it shares the otherwise branch's verb", () => {
    const [rule] = extractRules(
      "If the customer is a Gold loyalty member, grant an exception without supervisor approval; otherwise, ask for supervisor approval.",
    );
    const evidence = [
      { text: "Loyalty profile shows the customer at Gold tier since 2021.", docId: "a", weight: 1 },
      { text: "Ask Hiro about coverage next week.", docId: "b", weight: 1 },
    ];
    expect(resolveRule(rule!, evidence).branch).toBe(0);
    // Alone, the off-subject line is all the evidence there is, and it still counts in full.
    expect(resolveRule(rule!, [evidence[1]!]).branch).toBe(1);
  });

  test("branches told apart only by negation ('no defect' against 'a defect') are decided by the evidence's polarity", () => {
    const [rule] = extractRules(
      "If the customer reports a defect, route the case to the warranty queue; if the customer reports no defect, continue in the returns queue.",
    );
    const says = (text: string) => resolveRule(rule!, [{ text, docId: "e", weight: 1 }]).branch;
    const defect = rule!.branches.findIndex((b) => !b.negated);
    const noDefect = rule!.branches.findIndex((b) => b.negated);
    expect(says("On the call the customer said there is no defect, the color is just wrong.")).toBe(noDefect);
    expect(says("The customer found a defect in the zipper after two days.")).toBe(defect);
  });
});

const MANUAL_A = `Records Release Standard: Field Guide (RR-210)
Records Policy RR-210 | Mercy Health | Owner: Ana Ruiz
1 Scope
This guide applies to every release of patient records.
2 Procedure Steps
Staff follow the actions below in the order given.
1. Checking the authorization. Look over the signed authorization form against the request. The form names the patient and the recipient.
2. Pulling the records. Retrieve the requested records from the archive. Ship them by courier unless the recipient is a hospital, in which case send them through the secure exchange.
3 Revision History
Revision 2 aligned terminology.`;
const MANUAL_B = `Records Release Standard: Quick Reference (RR-455)
Records Policy RR-455 | Mercy Health | Owner: Ana Ruiz
1 Checklist
• Logging the disclosure: enter the release in the disclosure log. Before this, pulling the records must be done; see RR-210, section 2.
• Closing the request: mark the request complete. Requires item 1 above.`;
const MANUAL_C = `Records Release Standard: Practice Notes (RR-388)
Records Policy RR-388 | Mercy Health | Owner: Ana Ruiz
1 How the Process Runs
First, confirm the requester's identity. This starts only once closing the request (see section 1 of RR-455) is complete. Then send the patient a copy of the release summary. Staff then archive the request file.`;

describe("realistic manuals", () => {
  test("numbered items, checklist bullets and sequencing sentences are steps; lead-ins and headings are not", () => {
    const a = extractSteps("a", MANUAL_A);
    expect(a.map((s) => [s.number, s.global, s.title])).toEqual([
      [1, false, "Checking the authorization"],
      [2, false, "Pulling the records"],
    ]);
    expect(a[0]!.docCode).toBe("RR-210");
    const b = extractSteps("b", MANUAL_B);
    expect(b.map((s) => s.title)).toEqual(["Logging the disclosure", "Closing the request"]);
    expect(b[0]!.refs.map((r) => r.code)).toEqual(["RR-210"]);
    expect(b[1]!.requires).toEqual([1]);
    const c = extractSteps("c", MANUAL_C);
    // "Staff then …" has no sentence-initial cue: it stays inside the step before it
    expect(c.map((s) => s.title)).toEqual([
      "Confirm the requester's identity",
      "Send the patient a copy of the release summary",
    ]);
  });

  test("'B unless X, in which case A' is a decision with X selecting A", () => {
    const [rule] = extractSteps("a", MANUAL_A)[1]!.rules;
    expect(rule!.branches.map((b) => [b.when, b.action])).toEqual([
      ["the recipient is a hospital", "send them through the secure exchange"],
      ["otherwise (not: the recipient is a hospital)", "Ship them by courier"],
    ]);
  });

  test("an action that defers to a numbered rule is followed to the rule's wording", () => {
    const text = `Access Standard (AC-120)
1 Procedure
1. Granting access. Open the access request. If the requester is a contractor, apply decision rule R1; otherwise, grant standard access.
2. Closing out. Close the request.
2 Decision Rules
Rule R1: Require the sponsor's written approval and expire access after 90 days.`;
    const [step] = extractSteps("r", text);
    expect(step!.rules[0]!.branches[0]!.action).toBe(
      "require the sponsor's written approval and expire access after 90 days",
    );
    expect(step!.text).toContain("Rule R1: Require the sponsor's written approval");
  });

  test("documents are ordered by their cross-references, not by how the environment lists them", async () => {
    const docs = [
      doc("m_3", "drive", "Records Release Standard: Practice Notes (RR-388)", MANUAL_C),
      doc("m_2", "drive", "Records Release Standard: Quick Reference (RR-455)", MANUAL_B),
      doc("m_1", "drive", "Records Release Standard: Field Guide (RR-210)", MANUAL_A),
    ];
    const env = memoryEnv(
      docs,
      "What is the workflow to release patient records under the records release standard?",
    );
    const { report } = await extractive().run({ env, model: null, runId: "m" });
    expect(report.generic_workflow.map((s) => s.title)).toEqual([
      "Checking the authorization",
      "Pulling the records",
      "Logging the disclosure",
      "Closing the request",
      "Confirm the requester's identity",
      "Send the patient a copy of the release summary",
    ]);
    // the cross-reference names the cited step; "item 1 above" is the first item of the same document
    expect(report.generic_workflow[2]!.prerequisite).toBe("2");
    expect(report.generic_workflow[3]!.prerequisite).toBe("3");
    expect(report.generic_workflow[4]!.prerequisite).toBe("4");
  });
});

describe("cross-references split by layout", () => {
  test("a PDF wrap that leaves a number at the line start is re-joined, so the reference is kept", () => {
    const text = `Supplementary Guidance AP-743
2 Action Checklist
• Handing in the appeal: hand in the appeal packet to the office. This starts only once assembling the plan (see section
2 of AP-806) is complete.
3 Catalog Year
Students follow the catalog in effect when they first enrolled.`;
    const steps = extractSteps("d", text);
    expect(steps.map((s) => s.title)).toEqual(["Handing in the appeal"]);
    expect(steps[0]!.refs.map((r) => r.code)).toEqual(["AP-806"]);
  });

  test("a paragraph after a prose step that names what it depends on belongs to that step", () => {
    const text = `Process Standard AP-855
2 How the Process Runs
First, upload and lodge the appeal packet. Appeal records are retained for 3 years.
It follows watching probation, described in section 3 of AP-256, which must be finished first.
3 Training Requirements
Staff complete the annual refresher module.
Managers export completion status from the portal.`;
    const steps = extractSteps("d", text);
    expect(steps.length).toBe(1);
    expect(steps[0]!.refs.map((r) => r.code)).toEqual(["AP-256"]);
    // a paragraph that cites nothing is not pulled into a step
    expect(steps[0]!.text).not.toContain("refresher");
  });
});

describe("policy selection", () => {
  const FULL = `Expense Reimbursement Claims Procedure: how to file a claim
1 Procedure
First, collect the receipts for every expense on the claim. Receipts must be itemised.
Next, enter the claim in the finance portal and attach the receipts.`;
  const PARTIAL = `Expense Reimbursement Claims: Approval
1 Procedure
First, the line manager approves the filed claim in the portal. Approval is due within five days.
Then, finance pays the approved claim with the next payroll run.`;
  const QUESTION = "How do I file an expense reimbursement claim?";
  // the FAQ states no steps but ranks between the two procedures (all three name every term of the question; ties
  // follow the handles), pushing the partial one down the list
  const FAQ =
    "Expense reimbursement questions: filed claims are paid monthly; mileage rates change each January.";
  const docs = [
    doc("p_1", "drive", "Expense reimbursement claims", FULL),
    doc("p_2", "drive", "Expense reimbursement FAQ", FAQ),
    doc("p_3", "drive", "Reimbursement approval", PARTIAL),
  ];

  test("documents on the question's topic are kept whatever their search rank", async () => {
    const base = memoryEnv(docs, QUESTION);
    expect((await base.search(QUESTION)).map((h) => h.documentId)).toEqual(["p_1", "p_2", "p_3"]);
    const reversed: Env = {
      ...base,
      search: async (q, o) => (await base.search(q, o)).reverse(),
    };
    const titles = [];
    for (const env of [base, reversed]) {
      const { report } = await extractive().run({ env, model: null, runId: "r" });
      titles.push(report.generic_workflow.map((s) => s.title));
    }
    expect(titles[1]).toEqual(titles[0]!);
    expect(titles[0]).toContain("The line manager approves the filed claim in the portal");
    expect(titles[0]).toContain("Collect the receipts for every expense on the claim");
  });
});

describe("extractive agent", () => {
  test("recovers ordered steps from two policies, resolves both conditions for the user's case, cites every step", async () => {
    const env = memoryEnv(
      fixtureDocs(),
      "What is the workflow to obtain informed consent from a patient with limited English proficiency?",
    );
    const agent = extractive();
    expect(agent.needsModel).toBe(false);
    const { report, trace } = await agent.run({ env, model: null, runId: "r1" });
    expect(report.generic_workflow.map((s) => s.title)).toEqual([
      "Register the consent request",
      "Confirm the patient's language",
      "Explain the procedure",
      "Obtain the signature",
      "File the signed form",
    ]);
    expect(report.generic_workflow[3]!.prerequisite).toBe("3");
    // The distractor menu is not a procedure and is never cited.
    expect(report.references.map((r) => r.source_id)).not.toContain("t_01_DI_1");
    // Every step, generic and personalized, is cited; every citation key is a reference.
    const keys = new Set(report.references.map((r) => r.key));
    for (const s of [...report.generic_workflow, ...report.personalized_workflow]) {
      expect(s.citations.length).toBeGreaterThan(0);
      for (const c of s.citations) expect(keys.has(c)).toBe(true);
    }
    for (const s of report.personalized_workflow) expect(s.justification.length).toBeGreaterThan(0);
    // Conditions: interpreter (user's evidence), adult signs (the adjacent minor is someone else's case).
    expect(report.condition_resolution.map((r) => r.resolution)).toEqual([
      "Resolved: book a certified medical interpreter through the interpreter desk",
      "Resolved: the patient signs for themselves",
    ]);
    expect(report.personalized_workflow[1]!.task_description).toContain("certified medical interpreter");
    expect(report.personalized_workflow[1]!.condition_description).toBe("");
    // The trace records each tool call with the sources it returned.
    expect(trace.filter((e) => e.type === "tool").length).toBeGreaterThanOrEqual(4);
    expect(trace.some((e) => e.type === "tool" && e.tool === "list_documents")).toBe(true);
  });

  test("another case's facts (a different MRN) do not resolve the user's condition", async () => {
    const docs = fixtureDocs().map((d) =>
      d.id === "t_01_IN_3"
        ? {
            ...d,
            text: "Hi Dana, Mrs. Ortega (MRN-204518) is booked for Tuesday to obtain informed consent. Her preferred language is Spanish, her English proficiency is limited.",
          }
        : d,
    );
    const env = memoryEnv(
      docs,
      "What is the workflow to obtain informed consent from a patient with limited English proficiency?",
    );
    const { report } = await extractive().run({ env, model: null, runId: "r3" });
    const minor = report.condition_resolution.find((r) => r.condition.includes("minor"))!;
    expect(minor.resolved).toBe(false);
    expect(report.references.map((r) => r.source_id)).not.toContain("t_01_AD_1");
  });

  test("a hypothetical in the user's chat ('If a patient is a minor, …') is advice, not a fact: the condition stays open", async () => {
    const docs = [
      ...fixtureDocs().filter((d) => d.app === "drive"),
      doc(
        "t_01_IN_4",
        "chat",
        "#nursing",
        "If a patient is a minor, page the legal guardian liaison before the visit.",
        "Priya Nair",
      ),
    ];
    const env = memoryEnv(
      docs,
      "What is the workflow to obtain informed consent from a patient with limited English proficiency?",
    );
    const { report } = await extractive().run({ env, model: null, runId: "r4" });
    const minor = report.condition_resolution.find((r) => r.condition.includes("minor"))!;
    expect(minor.resolved).toBe(false);
  });

  test("with no evidence the condition stays open and is kept in the personalized step", async () => {
    const docs = fixtureDocs().filter((d) => d.app === "drive");
    const env = memoryEnv(
      docs,
      "What is the workflow to obtain informed consent from a patient with limited English proficiency?",
    );
    const { report } = await extractive().run({ env, model: null, runId: "r2" });
    expect(report.condition_resolution.every((r) => !r.resolved)).toBe(true);
    expect(report.personalized_workflow[1]!.condition_description).toContain("certified medical interpreter");
  });
});

test("options are validated and unknown ones named", () => {
  expect(extractive({ searchLimit: 5 }).options).toEqual({
    relevanceShare: 0.5,
    searchLimit: 5,
    evidencePerRule: 6,
  });
  expect(() => extractive({ gf: false })).toThrow(/gf/);
});

test("the user's case is found when each of its documents names two linked ids (a dispute and its invoice)", () => {
  const question = "What is the workflow to resolve an invoice dispute?";
  const docs = [
    {
      title: "Dispute DSP-100200",
      text: "Acme opened dispute DSP-100200 on invoice INV-3300; they paid nothing yet.",
    },
    { title: "Re: INV-3300", text: "Proof of delivery for INV-3300 (DSP-100200) shows a short shipment." },
    {
      title: "Handover",
      text: "Can you take DSP-999000? What is the workflow to write off a bad debt for this customer?",
    },
    { title: "DSP-999000 notes", text: "DSP-999000 has been open for ninety days." },
  ];
  expect([...focusCaseIds(docs, question)].sort()).toEqual(["DSP-100200", "INV-3300"]);
});
