import { describe, expect, test } from "bun:test";
import * as W from "../../../../test/fixtures/generate-llm/world.ts";
import { checkS1 } from "./s1-seeds.ts";
import { checkWorkflow, toGenericSteps } from "./s2-contexts.ts";
import { checkDistractors } from "./s3-company.ts";
import { checkPersonalized, toPersonalizedSteps } from "./s4-personalized.ts";
import { checkUserDistractors, checkUserInsights } from "./s5-user.ts";
import { checkAdjacentInsights, checkAdjacentQuestions, checkScene, sameShape } from "./s6-adjacent.ts";

const spec = W.SPECS[0]!;
const wf = W.workflow(spec);
const gold = toGenericSteps(wf);
const s4 = W.personalized(spec);
const personalized = toPersonalizedSteps(s4, gold);
const personal = W.contexts(spec).personal_context;

describe("programmatic stage checks", () => {
  test("well-formed fixture outputs pass every check", () => {
    expect(checkS1({ dr_questions: [W.seedRow(spec)] }, 1)).toEqual([]);
    expect(checkWorkflow(wf)).toEqual([]);
    expect(checkDistractors(W.companyDistractors(spec, 6), 6, gold)).toEqual([]);
    expect(checkPersonalized(s4, gold)).toEqual([]);
    expect(checkUserInsights(W.userInsights(spec), 4, personal, gold, personalized)).toEqual([]);
    expect(checkUserDistractors(W.userDistractors(spec, 4), 4, personal)).toEqual([]);
    expect(checkAdjacentQuestions(W.adjacentQuestions(spec), 2, spec.question)).toEqual([]);
    expect(
      checkAdjacentInsights(W.adjacentInsights(0), 4, W.userInsights(spec).items, spec.user.name),
    ).toEqual([]);
    expect(checkScene(W.scene(spec, 0), { name: spec.user.name, username: "maria.lopez" }, [])).toEqual([]);
  });

  test("S1: count, question form and plain emails", () => {
    const row = {
      ...W.seedRow(spec),
      dr_question: "Tell me the consent workflow",
      user_email: "maria lopez@x",
    };
    expect(checkS1({ dr_questions: [row] }, 2)).toEqual([
      "$.dr_questions: expected exactly 2 questions, got 1",
      '$.dr_questions[0].dr_question: expected a question ending with "?", got "Tell me the consent workflow"',
      '$.dr_questions[0].user_email: expected a plain email address, got "maria lopez@x"',
    ]);
  });

  test("S2: step counts, order, prerequisites and condition structure", () => {
    const steps = wf.steps.slice(0, 11).map((s) => ({ ...s }));
    steps[4] = { ...steps[4]!, item: 9, prerequisite: 7 };
    steps[2] = { ...steps[2]!, condition: null };
    const errors = checkWorkflow({ steps });
    expect(errors).toContain("$.steps: expected 12-15 steps (one per step of the generic context), got 11");
    expect(errors).toContain("$.steps[4].item: expected 5 (items numbered in order), got 9");
    expect(errors).toContain(
      "$.steps[2].condition: step 3 has branch text in subtask_description but condition is null",
    );
    expect(errors).toContain("$.steps: expected 3-8 conditional steps, got 2");
  });

  test("S4: resolved branches collapse; unresolved ones stay visible", () => {
    const bad = {
      steps: s4.steps.map((s) =>
        s.item === 3
          ? { ...s, subtask_description: "If English…" }
          : s.item === 6
            ? { ...s, resolved_branch: null }
            : s,
      ),
    };
    expect(checkPersonalized(bad, gold)).toEqual([
      "$.steps[2].subtask_description: condition C3 is resolved, so the branch text must be empty (collapsed)",
      '$.steps[5].resolved_branch: condition C6 of step 6 ("Does the patient have a legally authorized representative?") is not resolved; the user context settles every condition',
    ]);
    expect(checkPersonalized(bad, gold, { allowUnresolved: true })).toEqual([
      "$.steps[2].subtask_description: condition C3 is resolved, so the branch text must be empty (collapsed)",
      "$.steps[5].subtask_description: condition C6 is unresolved, so its branches must stay visible",
    ]);
  });

  test("S5: verbatim answers, full coverage, each condition resolved with the personalized branch", () => {
    const items = W.userInsights(spec).items;
    const bad = {
      items: [
        { ...items[0]!, answer: "The patient prefers Spanish." },
        { ...items[1]!, resolves: [{ condition: "C6", branch: "a" }] },
        { ...items[2]!, resolves: [] },
      ],
    };
    const errors = checkUserInsights(bad, 4, personal, gold, personalized);
    expect(errors).toContain("$.items: expected exactly 4 question-answer-justification pairs, got 3");
    expect(errors).toContain(
      '$.items[0].answer: expected a verbatim extract of the User Context, got "The patient prefers Spanish."',
    );
    expect(errors).toContain(
      "$.items[1].resolves[0]: resolves C6 to branch a, but the personalized workflow takes branch b",
    );
    expect(errors.some((e) => e.startsWith("$.items: condition C9 (step 9"))).toBe(true);
    expect(errors).toContain(
      '$.items: the User Context point "The consent meeting is booked for 10:30 in Room 4." is not covered by any answer',
    );
  });

  test("S6: adjacent facts never restate the user's case; scenes keep a stable, distinct cast and case id", () => {
    const copy = {
      items: [{ item: 1, question: "q", answer: W.personalPoints(spec)[0]!, justification: "" }],
    };
    expect(checkAdjacentInsights(copy, 1, W.userInsights(spec).items, spec.user.name)[0]).toContain(
      "restates the target user's fact",
    );
    const scene = {
      ...W.scene(spec, 0),
      cast: [{ username: "Maria.Lopez", first_name: "Maria", last_name: "Lopez", role: "RN" }],
      key_dates: ["Feb 9"],
    };
    expect(checkScene(scene, { name: "Maria Lopez", username: "maria.lopez" }, [spec.caseIds[0]])).toEqual([
      "$.cast: expected 3-4 supporting colleagues, got 1",
      '$.cast[0].username: expected firstname.lastname in lower case, got "Maria.Lopez"',
      "$.cast[0]: is the primary persona; expected supporting colleagues only",
      '$.key_dates[0]: expected YYYY-MM-DD, got "Feb 9"',
      `$.case_id: "${spec.caseIds[0]}" is already used by another case; expected a distinct identifier`,
    ]);
    expect(sameShape({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] })).toEqual([]);
    expect(sameShape({ a: [1, 2] }, { a: [1] })).toEqual(["$.a: expected an array of 2 items"]);
  });
});
