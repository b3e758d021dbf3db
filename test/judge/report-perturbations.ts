/**
 * @module Perturbations of a correct, case-specific report whose effect the paper's rubrics decide (N.4 condition
 * resolution, N.5 personalized comprehensiveness), written without the lexical judge's machinery so they test it
 * rather than echo it: re-paraphrase each step (a fixed list of plain rewrites), reorder the steps, drop the deciding
 * fact from a conditional step, swap in a look-alike case's fact and names, copy the policy's wording. Each names the
 * direction the rubric gives it.
 */
import type { Report, ReportStep, Task } from "../../src/core/index.ts";

/** A report's steps by the gold step each performs (the reader's own alignment, known to the test: never the judge's). */
export type Aligned = Map<number, number>;

export type Perturbed = { name: string; report: Report; touched: number[] };

const withSteps = (report: Report, steps: ReportStep[]): Report => ({
  ...report,
  personalized_workflow: steps,
});

/** Plain rewrites a careful writer might make of their own sentence: verbs, connectives, word order of a clause. */
const REWRITES: [RegExp, string][] = [
  [/\bMake sure\b/g, "Ensure"],
  [/\bmake sure\b/g, "ensure"],
  [/\bTell\b/g, "Inform"],
  [/\btell\b/g, "inform"],
  [/\bCheck\b/g, "Verify"],
  [/\bcheck\b/g, "verify"],
  [/\bPut\b/g, "Place"],
  [/\bKeep\b/g, "Maintain"],
  [/\bAsk\b/g, "Request"],
  [/\bbefore\b/g, "prior to"],
  [/\bafter\b/g, "following"],
  [/\bso that\b/g, "in order that"],
  [/\bmust\b/g, "has to"],
  [/\bshould\b/g, "ought to"],
  [/\bget\b/g, "obtain"],
  [/\bsend\b/g, "forward"],
  [/\bSend\b/g, "Forward"],
  [/\buse\b/g, "employ"],
  [/\bUse\b/g, "Employ"],
  [/\bstart\b/g, "begin"],
  [/\brecord\b/g, "log"],
  [/\bRecord\b/g, "Log"],
];

/** A step's text re-paraphrased: the rewrites, and a description's sentences rotated (its first sentence moved last). */
export function reparaphraseText(text: string, rotate = false): string {
  let out = text;
  for (const [re, to] of REWRITES) out = out.replace(re, to);
  if (!rotate) return out;
  const sentences = out.split(/(?<=[.!?])\s+(?=[A-Z"“])/);
  return sentences.length > 1 ? [...sentences.slice(1), sentences[0]!].join(" ") : out;
}

export function reparaphrase(report: Report): Perturbed {
  const steps = report.personalized_workflow.map((s) => ({
    ...s,
    title: reparaphraseText(s.title),
    task: reparaphraseText(s.task),
    task_description: reparaphraseText(s.task_description, true),
    justification: reparaphraseText(s.justification),
  }));
  return { name: "re-paraphrased", report: withSteps(report, steps), touched: steps.map((s) => s.item) };
}

/** The steps in reverse order (renumbered; what each says unchanged). */
export function reorder(report: Report): Perturbed {
  const steps = [...report.personalized_workflow]
    .reverse()
    .map((s, i) => ({ ...s, item: i + 1, prerequisite: "" }));
  return { name: "reordered", report: withSteps(report, steps), touched: [] };
}

/**
 * Marks a fact is told by: words of four letters or more cut to their first five letters ("breathes", "breathing"
 * → "breat"), and whole any token with a digit or an acronym ("MAR", "ED").
 */
function marks(text: string): Set<string> {
  return new Set(
    (text.match(/[A-Za-z0-9][A-Za-z0-9-]*/g) ?? [])
      .filter((w) => w.length >= 4 || /\d/.test(w) || /^[A-Z]{2,}$/.test(w))
      .map((w) => (/\d/.test(w) || /^[A-Z]{2,}$/.test(w) ? w.toLowerCase() : w.toLowerCase().slice(0, 5))),
  );
}

/** Sentences, not split after a title ("Mrs. Trujillo"). */
const sentencesOf = (text: string) =>
  text.split(/(?<!\b(?:Mr|Mrs|Ms|Dr|St|No))(?<=[.!?])\s+(?=[A-Z"“])/).filter(Boolean);

/** The user's facts that decide `condition` for them (the task's gold: user-side insight units that select a branch). */
export function decidingFacts(task: Task, condition: string): string[] {
  return task.evidence
    .filter((e) => e.side === "user" && e.role === "insight" && e.resolves_conditions.includes(condition))
    .filter((e) => e.selects_branch)
    .map((e) => e.text);
}

/**
 * Each conditional step without its deciding fact: every sentence of its description and justification that shares a
 * mark (a longer word or a number) with the fact that the step's action and the policy's wording of the step lack is
 * dropped, and its stated conditions with them; the title and task stay when they carry no such mark, else the gold
 * step's generic title and the expected branch's action stand in. The step still takes the expected branch (N.4: 0.5).
 */
export function dropDecidingFact(report: Report, task: Task, aligned: Aligned): Perturbed {
  const touched: number[] = [];
  const steps = report.personalized_workflow.map((s) => {
    const g = task.generic_workflow.find((x) => x.item === aligned.get(s.item));
    const p = task.personalized_workflow.find((x) => x.item === g?.item);
    if (!g?.condition || !p?.resolved_branch) return s;
    const branch = g.condition.branches.find((b) => b.id === p.resolved_branch)!;
    const facts = decidingFacts(task, g.condition.id);
    if (facts.length === 0) return s;
    const allowed = marks(`${branch.then} ${g.title} ${g.task} ${g.task_description}`);
    const telling = new Set([...marks(facts.join(" "))].filter((w) => !allowed.has(w)));
    const tells = (text: string) => [...marks(text)].some((w) => telling.has(w));
    touched.push(s.item);
    return {
      ...s,
      title: tells(s.title) ? g.title : s.title,
      task: tells(s.task) ? `${branch.then[0]!.toUpperCase()}${branch.then.slice(1)}.` : s.task,
      task_description: sentencesOf(s.task_description)
        .filter((x) => !tells(x))
        .join(" "),
      condition_description: "",
      justification: "",
    };
  });
  return { name: "deciding fact dropped", report: withSteps(report, steps), touched };
}

/** A look-alike case's fact bearing on the condition of gold step `item` (none for an unconditional step). */
function lookAlikeFact(task: Task, item: number | undefined) {
  const condition = task.generic_workflow.find((x) => x.item === item)?.condition;
  return condition
    ? task.evidence.find(
        (e) =>
          e.side === "adjacent" && e.role !== "distractor" && e.resolves_conditions.includes(condition.id),
      )
    : undefined;
}

/**
 * The user's case swapped for a look-alike's in every step: the user's subject and case id replaced by an adjacent
 * case's, and each conditional step's justification replaced by that case's fact for the same condition where it has
 * one. Another person's specifics are no credit (N.5) and another case's evidence resolves nothing for this user (N.4).
 */
export function swapLookAlike(report: Report, task: Task, aligned: Aligned): Perturbed | null {
  const other = task.adjacent_cases[0];
  if (!other || !task.user_case) return null;
  const own = task.user_case;
  const replaceCase = (text: string) => {
    let out = text.split(own.case_id).join(other.case_id);
    out = out.split(own.subject).join(other.subject);
    const [first, ...rest] = own.subject.split(" ");
    const last = rest.at(-1);
    const [otherFirst, ...otherRest] = other.subject.split(" ");
    if (last && otherRest.length) out = out.replace(new RegExp(`\\b${last}\\b`, "g"), otherRest.at(-1)!);
    if (first && otherFirst) out = out.replace(new RegExp(`\\b${first}\\b`, "g"), otherFirst);
    return out;
  };
  const touched: number[] = [];
  const steps = report.personalized_workflow.map((s) => {
    const theirs = lookAlikeFact(task, aligned.get(s.item));
    if (theirs) touched.push(s.item);
    return {
      ...s,
      title: replaceCase(s.title),
      task: replaceCase(s.task),
      task_description: replaceCase(s.task_description),
      justification: theirs ? theirs.text : replaceCase(s.justification),
    };
  });
  return { name: "look-alike case swapped in", report: withSteps(report, steps), touched };
}

/**
 * Each step replaced by the policy's own wording of the gold step it performs (title, task, description, and the
 * condition with every branch listed): nothing of the case, no branch chosen. N.5: generic wording earns little; N.4:
 * listing the paths without choosing is at most 0.5.
 */
export function copyPolicy(report: Report, task: Task, aligned: Aligned): Perturbed {
  const touched: number[] = [];
  const steps = report.personalized_workflow.map((s) => {
    const g = task.generic_workflow.find((x) => x.item === aligned.get(s.item));
    if (!g) return s;
    touched.push(s.item);
    return {
      ...s,
      title: g.title,
      task: g.task,
      task_description: g.task_description,
      condition_description: g.condition_description,
      justification: "",
    };
  });
  return { name: "policy wording copied", report: withSteps(report, steps), touched };
}

/**
 * Each conditional step with its deciding fact dropped (as `dropDecidingFact`) and a look-alike case's fact for the same
 * condition given as its justification: the only evidence the step offers is another person's, which N.4 does not
 * accept as this user's (at most 0.5).
 */
export function lookAlikeEvidence(report: Report, task: Task, aligned: Aligned): Perturbed {
  const dropped = dropDecidingFact(report, task, aligned);
  const touched: number[] = [];
  const steps = dropped.report.personalized_workflow.map((s) => {
    const theirs = lookAlikeFact(task, aligned.get(s.item));
    if (!theirs || !dropped.touched.includes(s.item)) return s;
    touched.push(s.item);
    return { ...s, justification: theirs.text };
  });
  return { name: "look-alike's fact as evidence", report: withSteps(report, steps), touched };
}
