import { expect, test } from "bun:test";
import { type GoldStep, goldAnswer } from "./gold.ts";

const step = (over: Partial<GoldStep>): GoldStep => ({
  id: "WORKFLOW_STEP_8",
  item: 8,
  title: "Arrange the signature witness",
  task: "Arrange a witness for the patient's signature",
  task_description: "The witness confirms the identity of the signer.",
  condition: null,
  condition_description: "",
  personalized_task: "",
  personalized_description: "",
  answer: "",
  justification: "",
  resolved_branch: null,
  ...over,
});

test("a golden step's expected answer says each sentence once, the fuller wording kept", () => {
  // seed 8128 healthcare_01, step 8: the task restated in the description and again as the branch's answer
  const g = step({
    personalized_task:
      "Have the on-site interpreter sign as witness on the attestation line for Mrs. Trujillo",
    personalized_description:
      "Have the on-site interpreter sign as witness on the attestation line for Mrs. Trujillo. The witness confirms the identity of the signer and that the signature was given voluntarily. Applies to Mrs. Trujillo (MRN-365246).",
    answer: "Have the on-site interpreter sign as witness on the attestation line for Mrs. Trujillo.",
  });
  expect(goldAnswer(g)).toBe(
    "Have the on-site interpreter sign as witness on the attestation line for Mrs. Trujillo. The witness confirms the identity of the signer and that the signature was given voluntarily. Applies to Mrs. Trujillo (MRN-365246).",
  );
  // a task without its full stop gets one before the next sentence (seed 8128 b2c_01, step 2)
  expect(
    goldAnswer(
      step({
        personalized_task:
          "Calculate how many days the request is past the window for Hannah Gallagher (ORD-8956611)",
        personalized_description: "The return window is thirty days from delivery.",
      }),
    ),
  ).toBe(
    "Calculate how many days the request is past the window for Hannah Gallagher (ORD-8956611). The return window is thirty days from delivery.",
  );
  // distinct sentences all stay, in order
  expect(goldAnswer(step({ personalized_task: "Book the room.", answer: "Use room 512." }))).toBe(
    "Book the room. Use room 512.",
  );
});
