import { expect, test } from "bun:test";
import { termSet } from "../shared/text.ts";
import {
  bearsOnWorkflow,
  keyTerms,
  MAX_QUERY_OVERLAP,
  maxOverlap,
  titleTopic,
  touchesWorkflow,
} from "./adaptive.ts";
import { conditionsSummary, IntermediateWorkflow, workflowText } from "./intermediate.ts";

test("diversity rule: keyword overlap with the closest used query", () => {
  const used = ["patient preferred language chart MRN", "interpreter booking language services desk"];
  expect(maxOverlap("patient preferred language chart", used)).toBe(1);
  expect(maxOverlap("clinic room December meeting", used)).toBe(0);
  expect(maxOverlap("language of the consent form", used)).toBeLessThanOrEqual(MAX_QUERY_OVERLAP);
});

test("a J.7 reply in its example's shape is summarised for J.8", () => {
  const w = IntermediateWorkflow.parse({
    generic_workflow_steps: [{ step: 2, title: "Determine consent approach", is_conditional: true }],
    conditional_steps: [
      {
        condition_id: "consent_waiver_vs_written",
        step_number: 2,
        description: "Whether consent can be waived",
        branches: ["waiver applicable", "written consent required"],
        evidence_needed: "study design, data category",
        search_queries: ["IRB waiver letter"],
      },
    ],
  });
  expect(w.conditional_steps[0]!.search_queries).toEqual(["IRB waiver letter"]);
  expect(conditionsSummary(w.conditional_steps)).toContain(
    "- condition_id: consent_waiver_vs_written (step 2)\n  description: Whether consent can be waived\n  branches: waiver applicable | written consent required\n  evidence_needed: study design, data category",
  );
  expect(workflowText(w)).toBe(
    "Step 2: Determine consent approach (conditional)\nCondition consent_waiver_vs_written: Whether consent can be waived [waiver applicable / written consent required]",
  );
});

test("J.7 re-runs only for passages touching its workflow: key terms are the workflow's rare ones", () => {
  const w = IntermediateWorkflow.parse({
    generic_workflow_steps: [
      { step: 1, title: "Book a qualified medical interpreter", is_conditional: true },
      { step: 2, title: "Getting signatures on the translated consent form", is_conditional: false },
    ],
    conditional_steps: [
      {
        condition_id: "c1",
        step_number: 1,
        description: "Whether the patient reads the translated form",
        branches: ["interpreter reads the form aloud", "patient reads the translated form"],
        evidence_needed: "literacy",
        search_queries: [],
      },
    ],
  });
  const question =
    "What is the workflow to obtain informed consent when the patient has limited English proficiency?";
  const passages = [
    "Perform hand hygiene before and after every patient contact, after removing gloves. Alcohol-based rub is preferred.",
    "The house supervisor holds the bed board and reviews pending patient admissions at 07:00, 15:00 and 23:00.",
    "Visitors collect a dated paper badge at the main lobby desk between 06:00 and 21:00.",
    "Compliance is audited monthly on a random sample of ten patient charts per unit.",
    "Describing the procedure through the interpreter: the interpreter sight-translates the consent form; document the interpreter's ID.",
  ];
  const key = keyTerms(termSet(`${question}\n${workflowText(w)}`), passages);
  expect(key.has("interpreter")).toBe(true);
  // Generic words of the question say nothing of the topic; a term most passages hold is not key.
  for (const t of ["workflow", "what", "patient"]) expect(key.has(t)).toBe(false);
  expect(passages.map((p) => touchesWorkflow(p, key))).toEqual([false, false, false, false, true]);
});

test("a new passage bears on the workflow only from a document whose title is on the question's topic", () => {
  // Titles found on a fresh healthcare task (seed 6421): the company prefixes its unrelated guidelines with "Patient".
  const question =
    "What is the step-by-step workflow to obtain informed consent for a procedure when the patient has limited English proficiency?";
  const titles = [
    "Informed Consent for Patients with Limited English Proficiency: Practice Notes (LE-661)",
    "Patient Care Guideline PCG-338: Travel and Expense Reimbursement, Roles and Responsibilities",
    "Patient Care Guideline PCG-538: IT Change Management, Practice Notes",
  ];
  const topic = titleTopic(question, titles);
  expect([...topic].sort()).toEqual(["consent", "english", "informed", "limited", "patient", "proficiency"]);
  const key = new Set(["interpreter", "certified", "sight", "translates"]);
  const text = "A certified interpreter sight translates the form; the interpreter signs as witness.";
  expect(bearsOnWorkflow({ title: titles[0]!, text }, key, topic)).toBe(true);
  // Same words, an expense guideline's title: it holds one topic word of six.
  expect(bearsOnWorkflow({ title: titles[1]!, text }, key, topic)).toBe(false);
  // On topic but touching none of the workflow's key terms.
  expect(
    bearsOnWorkflow({ title: titles[0]!, text: "Visitors collect a badge at the lobby." }, key, topic),
  ).toBe(false);
  // One topic word held by any title: a title holding it is on topic (a denied claim's "Claim Denial Review").
  const legal = titleTopic("What exact steps should I take to process a denied insurance claim?", [
    "Roles and Responsibilities DE-274 - Claim Denial Review and Appeal Procedure",
  ]);
  expect([...legal]).toEqual(["claim"]);
});
