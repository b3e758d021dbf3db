import { expect, test } from "bun:test";
import { type AnnotatedWorkflow, campaignAgreement, type StepLabel } from "./annotation.ts";

const workflows: AnnotatedWorkflow[] = [
  {
    item: "w1",
    task: "s/t1",
    agent: "x",
    run: "r1",
    predicted: 2,
    gold: 2,
    judges: { lexical: 0.9, "llm:m": 0.5 },
  },
  { item: "w2", task: "s/t2", agent: "x", run: "r2", predicted: 3, gold: 2, judges: { lexical: 0.7 } },
];
const l = (annotator: string, item: string, step: number, gold: number | null): StepLabel => ({
  annotator,
  item,
  step,
  gold,
});
const labels = [
  l("A", "w1", 1, 1),
  l("A", "w1", 2, 2),
  l("B", "w1", 1, 1),
  l("B", "w1", 2, null),
  l("C", "w1", 1, 1),
  l("C", "w1", 2, 2),
  l("A", "w2", 1, 1),
  l("A", "w2", 2, null),
  l("A", "w2", 3, 2),
  l("B", "w2", 1, 1),
  l("B", "w2", 2, 2),
  l("B", "w2", 3, null),
  l("C", "w2", 1, 1), // C has not finished w2
];

test("agreement over the decisions every annotator made, worked by hand", () => {
  const a = campaignAgreement(workflows, ["A", "B", "C"], labels);
  expect(a.decisions).toBe(5);
  expect(a.complete).toBe(3);
  expect(a.allAgree).toBeCloseTo(2 / 3, 10);
  expect(a.majorityAgree).toBe(1);
  // Counts [3,0,0], [0,2,1], [3,0,0]: P̄ = 7/9, Pe = 41/81, κ = 22/40.
  expect(a.fleiss!.kappa).toBeCloseTo(0.55, 10);
  expect(a.disagreements).toEqual([
    { item: "w1", step: 2, labels: { A: 2, B: null, C: 2 }, majority: 2, adjudicated: undefined },
  ]);
});

test("an adjudicated step: κ and the shares stay the annotators' own; F1 and the judges read the final decision", () => {
  const raw = campaignAgreement(workflows, ["A", "B", "C"], labels);
  // The adjudicator leaves w1's step 2 unmatched (B's choice): A and C now score it as B did.
  const a = campaignAgreement(workflows, ["A", "B", "C"], labels, [{ item: "w1", step: 2, gold: null }]);
  expect(a.fleiss!.kappa).toBe(raw.fleiss!.kappa);
  expect(a.allAgree).toBe(raw.allAgree);
  expect(a.disagreements).toEqual([
    { item: "w1", step: 2, labels: { A: 2, B: null, C: 2 }, majority: 2, adjudicated: null },
  ]);
  expect(a.workflows[0]!.annotatorF1).toEqual({ A: 0.5, B: 0.5, C: 0.5 });
  expect(a.workflows[0]!.humanF1).toBe(0.5);
  expect(a.judges.lexical!.meanAbsoluteDifference).toBeCloseTo((0.9 - 0.5 + 0.1) / 2, 10);
  // w2 is untouched.
  expect(a.workflows[1]).toEqual(raw.workflows[1]!);
});

test("F1 per annotator (only once they finished the workflow), the human average, and each judge", () => {
  const a = campaignAgreement(workflows, ["A", "B", "C"], labels);
  const [w1, w2] = a.workflows;
  expect(w1!.annotatorF1).toEqual({ A: 1, B: 0.5, C: 1 });
  expect(w1!.humanF1).toBeCloseTo(2.5 / 3, 10);
  expect(w2!.annotatorF1.A).toBeCloseTo(0.8, 10); // P = 2/3, R = 1
  expect(w2!.annotatorF1.C).toBeNull();
  expect(w2!.humanF1).toBeCloseTo(0.8, 10);
  expect(w2!.humanN).toBe(2);
  expect(a.judges.lexical!.n).toBe(2);
  expect(a.judges.lexical!.pearson).toBeCloseTo(1, 10);
  expect(a.judges.lexical!.meanAbsoluteDifference).toBeCloseTo((0.9 - 2.5 / 3 + 0.1) / 2, 10);
  // One workflow is not a correlation.
  expect(a.judges["llm:m"]).toMatchObject({ n: 1, pearson: null });
});

test("fewer than two annotators or no complete decision: no κ, no shares", () => {
  expect(campaignAgreement(workflows, ["A"], labels).fleiss).toBeNull();
  const none = campaignAgreement(workflows, ["A", "B"], []);
  expect(none).toMatchObject({
    complete: 0,
    allAgree: null,
    majorityAgree: null,
    fleiss: null,
    disagreements: [],
  });
});
