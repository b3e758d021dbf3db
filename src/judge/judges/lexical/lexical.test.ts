import { describe, expect, test } from "bun:test";
import { Condition } from "../../../core/index.ts";
import { bm25Top } from "./bm25.ts";
import { scoreResolution } from "./condition.ts";
import { detailCoverage, specificDetails } from "./details.ts";
import { lexicalSupport } from "./index.ts";
import { terms } from "./terms.ts";

/** A branch from its parts (the Branch schema in core names the action `then`). */
function branch(id: string, when: string, action: string) {
  // biome-ignore lint/suspicious/noThenProperty: the Branch schema (core) names the action `then`.
  return { id, when, then: action };
}

const condition = Condition.parse({
  id: "c_amount",
  question: "Is the claimed amount above $25,000?",
  branches: [
    branch("panel", "the claimed amount is above $25,000", "send the appeal to the appeals panel"),
    branch("manager", "the claimed amount is $25,000 or less", "have the claims manager decide the appeal"),
  ],
});

/** A golden step with the condition above, resolved to `manager`. */
const gold = {
  id: "WORKFLOW_STEP_4",
  item: 4,
  title: "Decide the appeal",
  task: "Route the appeal to the decision maker",
  task_description: "The appeal is decided by the authority the amount requires.",
  condition,
  condition_description: "",
  personalized_task: "Have the claims manager decide Ana's appeal",
  personalized_description: "",
  answer: "",
  justification: "",
  resolved_branch: "manager",
};
const cases = {
  user: "Ana Ruiz's claim is for $8,400.",
  cases: "",
  general:
    "Appeals above $25,000 go to the appeals panel. Claims of $25,000 or less are decided by the claims manager.",
  units: [
    {
      text: "Ana Ruiz's claim is for $8,400.",
      own: true,
      steps: [4],
      conditions: ["c_amount"],
      selects: { condition: "c_amount", branch: "manager" },
    },
  ],
  names: ["Ana Ruiz"],
};
const step = (text: string, conditionText = "", justification = "") => ({
  item: 1,
  title: "",
  task: "",
  task_description: text,
  condition_description: conditionText,
  prerequisite: "",
  prerequisite_description: "",
  justification,
  citations: [],
});

describe("lexical condition resolution", () => {
  const score = (text: string, conditionText = "", justification = "") =>
    scoreResolution(gold, step(text, conditionText, justification), cases).score;

  test("the expected branch with the case's deciding fact, in other words, is resolved", () => {
    expect(score("Ana's appeal goes to the claims manager for a decision: her claim is $8,400.")).toBe(1);
  });
  test("the expected branch without the deciding fact is partial", () => {
    expect(score("The claims manager decides the appeal.")).toBe(0.5);
  });
  test("branches kept open are partial; the wrong branch and no branch are unresolved", () => {
    expect(
      score(
        "If the amount is above $25,000 send it to the appeals panel; otherwise the claims manager decides.",
      ),
    ).toBe(0.5);
    expect(
      score("Have the claims manager decide.", "Above $25,000 -> appeals panel; otherwise -> claims manager"),
    ).toBe(0.5);
    expect(score("Send the appeal to the appeals panel.")).toBe(0);
    expect(score("Write the decision letter.")).toBe(0);
  });
  test("a choice stated once, beside the listed rule, routes the step", () => {
    expect(
      score(
        "Ana's claim is $8,400, so have the claims manager decide the appeal.",
        "Above $25,000 -> appeals panel; otherwise -> claims manager (chosen)",
      ),
    ).toBe(1);
  });
  test("rejecting the road not taken, or 'instead of' it, does not take it", () => {
    expect(score("Have the claims manager decide the appeal ($8,400) instead of the appeals panel.")).toBe(1);
    expect(score("The claims manager decides ($8,400). The appeals panel branch does not apply.")).toBe(1);
  });
});

describe("lexical text machinery", () => {
  test("terms fold synonyms and stem", () => {
    expect(terms("Obtaining approvals, acquired approval")).toEqual(terms("obtain approve, obtain approval"));
    expect(terms("The 3 forms were submitted")).toEqual(["form", "submit"]);
    expect(terms("form CR-12 due 2025-03-14", { keepNumbers: true })).toEqual([
      "form",
      "cr",
      "12",
      "deadlin",
      "2025",
      "03",
      "14",
    ]);
  });

  test("specific details: names, ids, dates, amounts", () => {
    const d = specificDetails("Ana Ruiz (P-0042) signs form IC-3 on 2025-03-14 for $1,200 and 15%.");
    for (const x of ["ana ruiz", "p-0042", "ic-3", "2025-03-14", "$1 200", "15%"]) expect(d).toContain(x);
    expect(detailCoverage("Ana Ruiz signs IC-3", d)).toBeGreaterThan(0.3);
    expect(detailCoverage("anything", [])).toBe(1);
  });

  test("BM25 ranks the passage that shares the rare terms first", () => {
    const passages = [
      "parking permits at the north garage",
      "consent form IC-3 needs two signatures",
      "the garage closes at ten",
    ];
    expect(bm25Top("who signs consent form IC-3", passages, 2)[0]).toBe(1);
  });

  test("factual support needs the content terms and every number", () => {
    const chunks = ["Refunds above $500 need the supervisor's approval within 14 days."];
    expect(
      lexicalSupport("Supervisor approval is needed for refunds above $500 within 14 days", chunks).factual,
    ).toBe(true);
    expect(
      lexicalSupport("Supervisor approval is needed for refunds above $900 within 14 days", chunks).factual,
    ).toBe(false);
    expect(lexicalSupport("Escalate the incident to the security office", chunks).factual).toBe(false);
  });
});
