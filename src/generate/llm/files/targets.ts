/** @module What an artifact carries: a workflow step (company side) or a question–answer fact (user and adjacent side), and the text its values must survive in. */
import { missingNumbers } from "../text-checks.ts";

export type StepTarget = {
  kind: "step";
  title: string;
  task: string;
  task_description: string;
  subtask_description: string;
  prerequisite_description: string;
};

export type FactTarget = {
  kind: "fact";
  question: string;
  answer: string;
  justification: string;
  /** Strings the carrier must contain verbatim (an adjacent fact names its case id, as K.19 asks). */
  mustName?: string[];
};

export type Target = StepTarget | FactTarget;

/** The text whose values (numbers, amounts, dates) a carrier must state. */
export function targetValues(t: Target): string {
  return t.kind === "step"
    ? `${t.task} ${t.task_description} ${t.subtask_description} ${t.prerequisite_description}`
    : t.answer;
}

/**
 * Seed 002 §C.1 "numbers in the text match the facts they carry": one error per value the carrier drops or changes,
 * and one per required name (an adjacent case id) it leaves out.
 */
export function numberErrors(target: Target, carrier: string, at: string): string[] {
  const errors = missingNumbers(targetValues(target), carrier).map(
    (n) =>
      `${at}: the value ${n} of the ${target.kind === "step" ? `step "${target.title}"` : `fact "${target.answer}"`} is missing or changed; expected the text to state ${n} as the source does`,
  );
  if (target.kind === "fact") {
    for (const name of target.mustName ?? []) {
      if (!carrier.includes(name))
        errors.push(`${at}: expected the text to name "${name}" (the case this fact belongs to)`);
    }
  }
  return errors;
}
