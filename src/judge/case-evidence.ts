/**
 * @module The case facts a judge may weigh a report's specifics against (the user's own evidence, every case's, the
 * company's side), taken from the task's gold once per evaluation.
 */
import type { Task } from "../core/index.ts";

/** A case fact as planted: its text and the golden steps (or conditions) it belongs to; none for distractors and look-alikes. */
export type CaseUnit = { text: string; steps: number[]; conditions: string[] };

/** The case facts a judge may weigh specifics against: the user's own evidence, and every case's (the user's and look-alikes'). */
export type CaseEvidence = {
  /** Texts of the user's insight units and the user's case subject and id: where a credited personal specific must come from. */
  user: string;
  /** The user's and the adjacent cases' texts, subjects and ids: a specific found here is case-specific wherever it appears. */
  cases: string;
  /** Every user-side and adjacent unit (distractors too), so text pasted from one can be told from the step's own. */
  units: CaseUnit[];
  /** The company's side (policy facts, the generic workflow): a specific found here is not case-specific. */
  general: string;
};

export function caseEvidence(task: Task): CaseEvidence {
  const caseUnits = task.evidence.filter((e) => e.side === "user" || e.side === "adjacent");
  const texts = (side: "user" | "adjacent") =>
    caseUnits.filter((e) => e.side === side && e.role !== "distractor").map((e) => e.text);
  const own = task.user_case ? [task.user_case.subject, task.user_case.case_id] : [];
  const adjacent = task.adjacent_cases.flatMap((c) => [c.subject, c.case_id]);
  const user = [...texts("user"), ...own];
  return {
    user: user.join("\n"),
    cases: [...user, ...texts("adjacent"), ...adjacent].join("\n"),
    general: [
      ...task.evidence.filter((e) => e.side === "company").map((e) => e.text),
      ...task.generic_workflow.map(
        (g) => `${g.title} ${g.task} ${g.task_description} ${g.condition_description}`,
      ),
    ].join("\n"),
    units: caseUnits.map((e) => ({
      text: e.text,
      steps: e.role === "insight" ? e.supports_steps : [],
      conditions: e.role === "insight" ? e.resolves_conditions : [],
    })),
  };
}
