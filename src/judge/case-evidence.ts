/**
 * @module The case facts a judge may weigh a report's specifics against (the user's own evidence, every case's, the
 * company's side), taken from the task's gold once per evaluation: which facts decide which branch for the user, which
 * belong to look-alike cases, and what the company's wording (policies, people) already says.
 */
import type { Condition, Task } from "../core/index.ts";

/**
 * A case fact as planted: its text and the golden steps (or conditions) it belongs to, none for distractors and
 * look-alikes; `selects`: for a fact of the user's own case that decides a condition, the condition and the branch it
 * selects (the case's deciding fact).
 */
export type CaseUnit = {
  text: string;
  /** A fact of the user's own case (a user-side insight), not a distractor or a look-alike case's. */
  own?: boolean;
  steps: number[];
  conditions: string[];
  /** Conditions the fact bears on, whoever's case it is (a look-alike case's facts decide its own branches). */
  resolves?: string[];
  selects?: { condition: string; branch: string };
};

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
  /** The user's case subject and case id (what names the case in every step, and so decides nothing). */
  names?: string[];
  /** The look-alike cases' subjects and case ids (a sentence naming one of them, and not the user's case, is about it). */
  others?: string[];
};

/** The words a case is named by in a sentence: its id, and its subject's surname ("Mrs. Sorensen"), lowercased. */
function nameWords(names: readonly string[]): Set<string> {
  return new Set(
    names.flatMap((n) => {
      const words = n.split(/\s+/).filter(Boolean);
      return words.length > 1 ? [words.at(-1)!.toLowerCase()] : words.map((w) => w.toLowerCase());
    }),
  );
}

/**
 * Whether a sentence is about a look-alike case rather than the user's: it names one of them (surname or id) and
 * does not name the user's case. What it states is that case's evidence, whatever words it shares with the user's.
 */
export function aboutAnotherCase(cases: CaseEvidence | undefined, sentence: string): boolean {
  if (!cases?.others?.length) return false;
  const words = new Set(sentence.toLowerCase().match(/[\p{L}\d][\p{L}\d-]*/gu) ?? []);
  const names = (ns: readonly string[]) => [...nameWords(ns)].some((w) => words.has(w));
  return names(cases.others) && !names(cases.names ?? []);
}

/**
 * What a judge may weigh claims against besides their sources: the task's generic steps (each with its condition, if
 * any) and the case's facts.
 */
export type FactualityContext = {
  steps: readonly { condition: Condition | null; step: string }[];
  cases: CaseEvidence;
};

/** The user's facts that select `branch` of condition `condition` (the deciding facts a resolved step should carry). */
export function decidingFacts(cases: CaseEvidence, condition: string, branch: string): string[] {
  return cases.units
    .filter((u) => u.selects?.condition === condition && u.selects.branch === branch)
    .map((u) => u.text);
}

/** Look-alike cases' facts that decide `condition` (what another case's routing rests on). */
export function otherCasesDeciding(cases: CaseEvidence, condition: string): string[] {
  return cases.units.filter((u) => !u.own && u.resolves?.includes(condition)).map((u) => u.text);
}

/** The facts of the user's own case (user-side insights). */
export function ownFacts(cases: CaseEvidence): string[] {
  return cases.units.filter((u) => u.own).map((u) => u.text);
}

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
    names: own,
    others: adjacent,
    general: [
      ...task.evidence.filter((e) => e.side === "company").map((e) => e.text),
      ...task.generic_workflow.map(
        (g) => `${g.title} ${g.task} ${g.task_description} ${g.condition_description}`,
      ),
      // The company's people, the user and the company itself are named in every case: not case-specific.
      ...task.people.map((p) => `${p.name}, ${p.role}.`),
      `${task.seed.user.name}, ${task.seed.company_persona.name}, ${task.seed.company.name}.`,
    ].join("\n"),
    units: caseUnits.map((e) => {
      const own = e.role === "insight" && e.side === "user";
      const condition = own && e.selects_branch ? e.resolves_conditions[0] : undefined;
      return {
        text: e.text,
        own,
        steps: e.role === "insight" ? e.supports_steps : [],
        conditions: e.role === "insight" ? e.resolves_conditions : [],
        resolves: e.resolves_conditions,
        ...(condition && e.selects_branch ? { selects: { condition, branch: e.selects_branch } } : {}),
      };
    }),
  };
}
