import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { emptyReview, flagProblems, type TaskReview } from "../../review/task-review.ts";
import { loadTask } from "../../store/task-store.ts";
import { describeRevision, evidenceKey, redoes, revisionOf } from "./revision.ts";

const demo = await loadTask(resolve(import.meta.dir, "../../../tasks"), "demo/b2b_01");
const review = (over: Partial<TaskReview>): TaskReview => ({ ...emptyReview("demo", "b2b_01"), ...over });
const unit = (role: string, side: string) =>
  demo.task.evidence.find((e) => e.role === role && e.side === side)!;

describe("revisionOf: each flag goes back to the stage that wrote it", () => {
  const cases: [TaskReview["flags"][number], string][] = [
    [{ target: "generic_step", id: "2", reason: "r" }, "S2.workflow"],
    [{ target: "condition", id: "credit_terms", reason: "r" }, "S2.workflow"],
    [{ target: "insight", id: unit("insight", "company").id, reason: "r" }, "S2.workflow"],
    [{ target: "distractor", id: unit("distractor", "company").id, reason: "r" }, "S3.distractors"],
    [{ target: "personalized_step", id: "3", reason: "r" }, "S4.personalized"],
    [{ target: "insight", id: unit("insight", "user").id, reason: "r" }, "S5.insights"],
    [{ target: "distractor", id: unit("distractor", "user").id, reason: "r" }, "S5.distractors"],
    [{ target: "adjacent", id: unit("adjacent", "adjacent").id, reason: "r" }, "S6.questions"],
  ];
  for (const [flag, first] of cases)
    test(`${flag.target} ${flag.id} → from ${first}`, () => {
      const r = revisionOf(review({ flags: [flag] }), demo);
      expect(redoes(r, first)).toBe(true);
      const order = [
        "S2.contexts",
        "S2.workflow",
        "S3.distractors",
        "S4.personalized",
        "S5.insights",
        "S5.distractors",
        "S6.questions",
      ];
      for (const key of order.slice(0, order.indexOf(first))) expect(redoes(r, key)).toBe(false);
      for (const key of order.slice(order.indexOf(first))) expect(redoes(r, key)).toBe(true);
      expect(redoes(r, "realize.x")).toBe(false);
    });

  test("a flagged file is realized again by the evidence it carries; the seed's flags are kept for a seed edit", () => {
    const file = demo.manifest.artifacts[0]!;
    const r = revisionOf(
      review({
        flags: [
          { target: "artifact", id: file.id, reason: "headers look generated" },
          { target: "question", id: "question", reason: "too vague" },
        ],
      }),
      demo,
    );
    expect(r.redo_from).toBeNull();
    expect(r.artifacts).toEqual({ [evidenceKey(file.evidence)]: [`${file.title}: headers look generated`] });
    expect(r.seed_notes).toEqual(["question: too vague"]);
    expect(describeRevision("b2b_01", r)).toBe(
      "b2b_01: 1 file(s) realized again, 1 seed flag(s) kept for a seed edit (question: too vague)",
    );
  });

  test("a rejection regenerates from S2 with the task's reason in every stage's prompt", () => {
    const r = revisionOf(review({ decision: "rejected", reason: "off-topic" }), demo);
    expect(r.redo_from).toBe(0);
    expect(
      Object.values(r.feedback).every((reasons) => reasons.includes("the task as a whole: off-topic")),
    ).toBe(true);
    expect(Object.keys(r.feedback)).toHaveLength(9);
  });

  test("an accepted review asks nothing", () => {
    expect(revisionOf(review({ decision: "accepted" }), demo)).toEqual({
      redo_from: null,
      feedback: {},
      artifacts: {},
      seed_notes: [],
    });
  });

  test("flags must name items of the task", () => {
    expect(
      flagProblems(
        review({
          flags: [
            { target: "generic_step", id: "99", reason: "r" },
            { target: "distractor", id: unit("insight", "user").id, reason: "r" },
            { target: "persona", id: "user", reason: "r" },
          ],
        }),
        demo,
      ),
    ).toEqual([
      'flags[0].id: task b2b_01 has no generic_step "99"',
      `flags[1].id: task b2b_01 has no distractor "${unit("insight", "user").id}"`,
    ]);
  });
});
