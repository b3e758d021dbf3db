/**
 * @module Difficulty statistics of a task and a suite (`drflow tasks stats`): workflow size, how the user's evidence
 * states the deciding facts, how varied the surface is, how close the policy wording stays to the gold steps, and
 * how far the look-alike cases' questions are from the task's and from each other.
 */
import type { Task } from "../core/index.ts";
import { textTable } from "../core/text-table.ts";
import { readDocuments } from "../env/documents.ts";
import { suffixStem, words } from "../retrieval/tokenize.ts";
import type { LoadedTask } from "../store/task-store.ts";

/** A unit restates a condition when it carries at least this share of the condition's terms. */
export const RESTATED_COVERAGE = 0.8;
/** A step is stated whole in one sentence when that sentence carries at least this share of the step's task terms. */
export const WHOLE_COVERAGE = 0.8;

export type TaskStats = {
  ref: string;
  steps: number;
  conditional: number;
  /** Condition units (the user's evidence selecting a branch) that state the branch's condition in policy terms. */
  restated: number;
  conditionUnits: number;
  /** Distinct surface realizations drawn (layouts + condition phrasings + reference styles), from provenance. */
  realizations: number;
  /** Mean over gold steps of the best share of the step's terms found in one sentence of its policy text. */
  stepOverlap: number;
  /** Share of gold steps whose task (action, object, form) one sentence of the policy text states whole. */
  wholeInOne: number;
  /** Highest term overlap (Dice) between two of the task's and its look-alikes' questions. */
  questionOverlap: number;
  /** The mixed split's documents (the task's and its company corpus's) and their extracted text, when measured. */
  documents?: number;
  chars?: number;
};

/** What an agent has to read: the mixed split's documents and the characters of their text. */
export async function environmentSize(loaded: LoadedTask): Promise<{ documents: number; chars: number }> {
  const docs = await readDocuments(loaded, "mixed");
  return { documents: docs.length, chars: docs.reduce((n, d) => n + d.text.length, 0) };
}

const terms = (text: string) => new Set(words(text).map(suffixStem));

function coverage(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0) return 0;
  let hit = 0;
  for (const t of a) if (b.has(t)) hit++;
  return hit / a.size;
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size + b.size === 0) return 0;
  let hit = 0;
  for (const t of a) if (b.has(t)) hit++;
  return (2 * hit) / (a.size + b.size);
}

export function taskStats(ref: string, task: Task): TaskStats {
  const conditional = task.generic_workflow.filter((s) => s.condition);
  const whenOf = new Map(
    conditional.flatMap((s) =>
      s.condition!.branches.map((b) => [`${s.condition!.id}/${b.id}`, b.when] as const),
    ),
  );
  const condUnits = task.evidence.filter(
    (u) => u.side === "user" && u.role === "insight" && u.selects_branch !== null,
  );
  const restated = condUnits.filter((u) => {
    const when = whenOf.get(`${u.resolves_conditions[0]}/${u.selects_branch}`);
    return when !== undefined && coverage(terms(when), terms(u.text)) >= RESTATED_COVERAGE;
  }).length;
  const surface = task.provenance.surface ?? {};
  const realizations = ["layout", "condition", "reference"].reduce(
    (n, k) => n + new Set(surface[k] ?? []).size,
    0,
  );
  const policy = task.evidence.filter((u) => u.side === "company" && u.role === "insight");
  const overlaps = task.generic_workflow.map((s) => {
    const gold = terms(`${s.title} ${s.task} ${s.task_description}`);
    const sentences = policy
      .filter((u) => u.supports_steps.includes(s.item))
      .flatMap((u) => u.text.split(/(?<=[.!?])\s+/));
    const task = terms(s.task);
    return {
      overlap: Math.max(0, ...sentences.map((x) => coverage(gold, terms(x)))),
      whole: sentences.some((x) => coverage(task, terms(x)) >= WHOLE_COVERAGE),
    };
  });
  const questions = [task.seed.question, ...task.adjacent_cases.map((c) => c.question)].map(terms);
  let questionOverlap = 0;
  for (let i = 0; i < questions.length; i++)
    for (let j = i + 1; j < questions.length; j++)
      questionOverlap = Math.max(questionOverlap, dice(questions[i]!, questions[j]!));
  return {
    ref,
    steps: task.generic_workflow.length,
    conditional: conditional.length,
    restated,
    conditionUnits: condUnits.length,
    realizations,
    stepOverlap: overlaps.length > 0 ? overlaps.reduce((a, b) => a + b.overlap, 0) / overlaps.length : 0,
    wholeInOne: overlaps.length > 0 ? overlaps.filter((o) => o.whole).length / overlaps.length : 0,
    questionOverlap,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}`;

/** One row per task and a suite row (means; the restated share pooled over the suite's condition units). */
export function renderStats(rows: readonly TaskStats[]): string {
  const header = [
    "task",
    "steps",
    "cond.",
    "restated %",
    "inferred %",
    "surfaces",
    "step overlap %",
    "whole in one %",
    "question overlap %",
    "documents",
    "chars",
  ];
  const line = (r: Omit<TaskStats, "ref"> & { ref: string }) => [
    r.ref,
    r.steps.toFixed(r.steps % 1 === 0 ? 0 : 1),
    r.conditional.toFixed(r.conditional % 1 === 0 ? 0 : 1),
    pct(r.conditionUnits === 0 ? 0 : r.restated / r.conditionUnits),
    pct(r.conditionUnits === 0 ? 0 : 1 - r.restated / r.conditionUnits),
    r.realizations.toFixed(r.realizations % 1 === 0 ? 0 : 1),
    pct(r.stepOverlap),
    pct(r.wholeInOne),
    pct(r.questionOverlap),
    r.documents === undefined ? "-" : r.documents.toFixed(r.documents % 1 === 0 ? 0 : 1),
    r.chars === undefined ? "-" : Math.round(r.chars).toLocaleString("en-US"),
  ];
  const n = Math.max(1, rows.length);
  const mean = (f: (r: TaskStats) => number) => rows.reduce((s, r) => s + f(r), 0) / n;
  const suite = {
    ref: `suite (${rows.length} tasks)`,
    steps: mean((r) => r.steps),
    conditional: mean((r) => r.conditional),
    restated: rows.reduce((s, r) => s + r.restated, 0),
    conditionUnits: rows.reduce((s, r) => s + r.conditionUnits, 0),
    realizations: mean((r) => r.realizations),
    stepOverlap: mean((r) => r.stepOverlap),
    wholeInOne: mean((r) => r.wholeInOne),
    questionOverlap: mean((r) => r.questionOverlap),
    ...(rows.every((r) => r.documents !== undefined)
      ? { documents: mean((r) => r.documents!), chars: mean((r) => r.chars!) }
      : {}),
  };
  return [
    textTable(header, rows.map(line), { right: (c) => c > 0, footer: line(suite) }),
    "",
    `restated: the user's condition evidence carries ≥${RESTATED_COVERAGE * 100}% of the branch condition's terms (policy terms); inferred: the rest.`,
    "surfaces: distinct procedure layouts + condition phrasings + cross-reference styles drawn (task provenance).",
    "step overlap: per gold step, the best share of its title/task/description terms in one sentence of its policy text.",
    `whole in one: the share of gold steps whose task terms (≥${WHOLE_COVERAGE * 100}%) one sentence of its policy text carries.`,
    "question overlap: the highest term overlap (Dice) between two of the task's and its look-alike cases' questions.",
    "documents, chars: what an agent can read in the mixed split (the task's files and its company corpus) and the characters of their extracted text.",
  ].join("\n");
}
