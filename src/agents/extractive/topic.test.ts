import { describe, expect, test } from "bun:test";
import { matchesStem, topicScores } from "./topic.ts";

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Staff keep records of request ${i} for the new customer desk.`).join(
    " ",
  );

describe("topicScores", () => {
  test("a short procedure on the question's rare words outscores a long handbook that mentions its common ones", () => {
    const scores = topicScores("What is the workflow to set up a new customer onboarding?", [
      {
        id: "proc",
        title: "Onboarding Standard",
        text: "Onboarding a new customer: verify the contract, then set up the account.",
      },
      { id: "handbook", title: "Employee Handbook", text: filler(400) },
      { id: "other", title: "Travel", text: "Book travel through the portal." },
    ]);
    expect(scores.get("proc")!).toBeGreaterThan(2 * scores.get("handbook")!);
    expect(scores.get("other")).toBe(0);
  });

  test("derived forms match through their stems' prefix (denied ~ denial), short stems only themselves", () => {
    expect(matchesStem("deni", "denial")).toBe(true);
    expect(matchesStem("hack", "hacker")).toBe(true);
    expect(matchesStem("aid", "aide")).toBe(false);
    const scores = topicScores("How do I process a denied claim?", [
      { id: "a", title: "Claim Denial Review", text: "A claim denial is reviewed by the claims lead." },
      { id: "b", title: "Claims intake", text: "A claim is logged by the claims lead." },
    ]);
    expect(scores.get("a")!).toBeGreaterThan(scores.get("b")!);
  });

  test("scores depend only on the documents given (the same company documents score the same in both splits)", () => {
    const docs = [
      { id: "a", title: "A", text: "appeal the suspension decision" },
      { id: "b", title: "B", text: "financial aid office hours" },
    ];
    const q = "How do I appeal a financial aid suspension?";
    expect([...topicScores(q, docs)]).toEqual([...topicScores(q, [...docs])]);
  });
});
