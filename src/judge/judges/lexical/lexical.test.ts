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

describe("lexical condition resolution", () => {
  test("commits, lists, takes the wrong branch, or ignores the condition", () => {
    const score = (text: string, reason = true) => scoreResolution(condition, "manager", text, reason).score;
    expect(
      score(
        "The claims manager decides the appeal because the amount is $8,400, which is less than the limit.",
      ),
    ).toBe(1);
    expect(score("The claims manager decides the appeal; the amount is less than the limit.", false)).toBe(
      0.5,
    );
    expect(
      score(
        "If the amount is above $25,000 send it to the appeals panel; if it is $25,000 or less the claims manager decides.",
      ),
    ).toBe(0.5);
    const uneven =
      "If the amount is above the limit send it to the appeals panel; else the claims manager decides.";
    expect(scoreResolution(condition, "manager", uneven, true, "", true).score).toBe(0.5);
    expect(score("Send the appeal to the appeals panel.")).toBe(0);
    expect(score("Write the decision letter.")).toBe(0);
  });

  test("a justification that mentions the road not taken still commits when the chosen branch clearly leads", () => {
    const text =
      "The claims manager decides the appeal: the amount is less than $25,000, so it does not go to the panel.";
    expect(scoreResolution(condition, "manager", text, true).score).toBe(1);
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
