/**
 * @module Degenerate and adversarial reports, as someone gaming a leaderboard would write them, with the score range a
 * sound judge gives each: empty, question echo, every policy sentence as a step (flooding), the user's personal text
 * pasted into every step (stuffing), duplicated steps, uncited steps, citations to unrelated documents, steps copied
 * from an adjacent case, the correct workflow shuffled, the correct workflow in another report layout. Used by
 * `adversarial.test.ts` and `scripts/bench/judge.ts`. Roles come from the task manifest, never from artifact ids.
 */

import { fairShares } from "../../src/agents/shared/text.ts";
import { type MetricName, Report, type ReportStep } from "../../src/core/index.ts";
import { MAX_JUDGED_STEPS, metricNames } from "../../src/judge/index.ts";
import { renderReportMarkdown } from "../../src/judge/report/render.ts";
import { taskSources } from "../../src/judge/sources.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";
import { goldReport, withoutCitations, wrongBranch } from "./construct.ts";

export type Adversarial = { name: string; report: Report | string; note: string };

/** A score bound on one metric: `max`/`min` absolute, or relative to the same metric on a reference report. */
export type Bound = { metric: MetricName; max?: number; min?: number; overMax?: number; withinOf?: number };
export type Expectation = { name: string; bounds: Bound[]; reference?: string };

const step = (
  item: number,
  title: string,
  task: string,
  description: string,
  citations: string[],
): ReportStep => ({
  item,
  title,
  task,
  task_description: description,
  condition_description: "",
  prerequisite: "",
  prerequisite_description: "",
  justification: "",
  citations,
});

function renumber(steps: ReportStep[]): ReportStep[] {
  return steps.map((s, i) => ({ ...s, item: i + 1, prerequisite: "" }));
}

/** A seeded permutation that moves every element (a derangement by rotation of a seeded order). */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const next = () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The user's personal text: every user-side evidence unit of the task, as planted in the user's own files. */
export function personalText(loaded: LoadedTask): string {
  return loaded.task.evidence
    .filter((e) => e.side === "user")
    .map((e) => e.text)
    .join(" ");
}

/** The realized text of every user-side file (emails, chats, notes), as an agent could copy it from the environment. */
export async function userFilesText(loaded: LoadedTask): Promise<string> {
  const read = taskSources(loaded);
  const texts: string[] = [];
  for (const a of loaded.manifest.artifacts.filter((x) => x.side === "user"))
    texts.push((await read(a.id))?.text ?? "");
  return texts.join(" ");
}

/** Every step of `report` with the user's personal text (by default their evidence units) pasted into its description. */
export function stuffed(report: Report, loaded: LoadedTask, text = personalText(loaded)): Report {
  return {
    ...report,
    personalized_workflow: report.personalized_workflow.map((s) => ({
      ...s,
      task_description: `${s.task_description} ${text}`,
    })),
  };
}

/** The gold's generic workflow as the personalized one: correct steps, no case details (the unstuffed baseline). */
export function genericReport(loaded: LoadedTask): Report {
  const gold = goldReport(loaded);
  return { ...gold, personalized_workflow: gold.generic_workflow };
}

function referencesFor(loaded: LoadedTask, ids: readonly string[]) {
  return ids.map((id, i) => {
    const a = loaded.manifest.artifacts.find((x) => x.id === id)!;
    return { key: `src_${i + 1}`, source_id: id, title: a.title, app: a.app, path: a.path };
  });
}

/**
 * Every sentence of the company's documents as a step citing its document (the flooding attack). An agent cannot tell
 * policies from distractors, so the attack floods with all of them; where the company's corpus holds more sentences
 * than the judge reads (MAX_JUDGED_STEPS), each document keeps an equal share, short documents whole, so the flood
 * is as large as a judged report can be and no document is left out.
 */
async function policySentences(loaded: LoadedTask): Promise<Report> {
  const policies = loaded.manifest.artifacts.filter((a) => a.side === "company");
  const refs = referencesFor(
    loaded,
    policies.map((p) => p.id),
  );
  const read = taskSources(loaded);
  const sentences: string[][] = [];
  for (const p of policies) {
    const doc = await read(p.id);
    sentences.push(
      (doc?.text ?? "")
        .split(/(?<=[.!?])\s+/)
        .map((s) => s.replace(/\s+/g, " ").trim())
        .filter((s) => s.split(" ").length >= 4),
    );
  }
  const kept = fairShares(
    sentences.map((s) => s.length),
    MAX_JUDGED_STEPS,
  );
  const steps = sentences.flatMap((doc, i) =>
    doc.slice(0, kept[i]).map((s) => step(0, s.split(" ").slice(0, 8).join(" "), s, s, [refs[i]!.key])),
  );
  return Report.parse({
    task_id: loaded.task.id,
    question: loaded.task.seed.question,
    personalized_workflow: renumber(steps),
    references: refs,
  });
}

/** The gold rewritten for the first look-alike case: its subject and case id, and its branches where they differ. */
function adjacentCopy(loaded: LoadedTask): Report | null {
  const { task } = loaded;
  const adjacent = task.adjacent_cases[0];
  if (!adjacent || !task.user_case) return null;
  let report = goldReport(loaded);
  const swaps: [string, string][] = [[task.user_case.case_id, adjacent.case_id]];
  const own = task.user_case.subject.split(/\s+/);
  const other = adjacent.subject.split(/\s+/);
  swaps.push([task.user_case.subject, adjacent.subject]);
  if (own.length > 1 && other.length > 1) swaps.push([own[own.length - 1]!, other[other.length - 1]!]);
  swaps.push([own[0]!, other[0]!]);
  const swap = (text: string) => swaps.reduce((t, [a, b]) => t.split(a).join(b), text);
  // Conditions resolved as the adjacent case's facts resolve them.
  for (const g of task.generic_workflow.filter((s) => s.condition)) {
    const p = task.personalized_workflow.find((s) => s.item === g.item);
    const theirs = task.evidence.find(
      (e) =>
        e.case_id === adjacent.case_id && e.resolves_conditions.includes(g.condition!.id) && e.selects_branch,
    );
    if (p && theirs && theirs.selects_branch !== p.resolved_branch)
      report = wrongBranch(report, task, g.item).report;
  }
  return {
    ...report,
    personalized_workflow: report.personalized_workflow.map((s) => ({
      ...s,
      title: swap(s.title),
      task: swap(s.task),
      task_description: swap(s.task_description),
      justification: swap(s.justification),
    })),
  };
}

/** The gold in another Markdown layout: sections reordered and renamed, steps under a `steps` key with aliased fields. */
function otherLayout(loaded: LoadedTask): string {
  const gold = goldReport(loaded);
  const steps = (list: ReportStep[]) =>
    JSON.stringify(
      {
        steps: list.map((s) => ({
          item: String(s.item),
          title: s.title,
          task: s.task,
          description: s.task_description,
          condition: s.condition_description || undefined,
          justification: s.justification,
          citations: s.citations,
        })),
      },
      null,
      1,
    );
  const refs = gold.references.map((r) => `1. [DOC:${r.key}] \`${r.source_id}\` — ${r.title}`).join("\n");
  return [
    `# Workflow for ${loaded.task.seed.user.name}`,
    "",
    `**Task:** ${gold.task_id}`,
    "",
    "## Sources",
    "",
    refs,
    "",
    "## Personalised workflow (the user's case)",
    "",
    "```json",
    steps(gold.personalized_workflow),
    "```",
    "",
    "## The generic workflow",
    "",
    "```json",
    steps(gold.generic_workflow),
    "```",
    "",
    "## Executive Summary",
    "",
    gold.executive_summary,
    "",
  ].join("\n");
}

/** Every adversarial report of one task (the adjacent copy only when the task has a look-alike case). */
export async function adversarialReports(loaded: LoadedTask): Promise<Adversarial[]> {
  const { task } = loaded;
  const gold = goldReport(loaded);
  const policies = loaded.manifest.artifacts.filter((a) => a.side === "company" && a.role === "insight");
  const distractors = loaded.manifest.artifacts.filter((a) => a.role === "distractor");
  const echoRefs = referencesFor(
    loaded,
    policies.map((p) => p.id),
  );
  const echo = Report.parse({
    task_id: task.id,
    question: task.seed.question,
    personalized_workflow: Array.from({ length: 20 }, (_, i) =>
      step(
        i + 1,
        task.seed.question,
        task.seed.question,
        task.seed.question,
        echoRefs.map((r) => r.key),
      ),
    ),
    references: echoRefs,
  });
  const unrelatedRefs = referencesFor(
    loaded,
    distractors.map((d) => d.id),
  );
  const adjacent = adjacentCopy(loaded);
  return [
    { name: "gold", report: gold, note: "reference: the gold personalized workflow, cited" },
    { name: "generic", report: genericReport(loaded), note: "reference: correct steps without case details" },
    { name: "empty", report: Report.parse({ task_id: task.id }), note: "no steps at all" },
    { name: "question echo", report: echo, note: "the question copied 20 times, citing every policy" },
    {
      name: "flooding",
      report: await policySentences(loaded),
      note: "every policy sentence as a cited step",
    },
    {
      name: "stuffing",
      report: stuffed(genericReport(loaded), loaded),
      note: "the generic report with the user's personal text pasted into every step",
    },
    {
      name: "duplicated steps",
      report: { ...gold, personalized_workflow: renumber(gold.personalized_workflow.flatMap((s) => [s, s])) },
      note: "every gold step twice",
    },
    { name: "uncited steps", report: withoutCitations(gold).report, note: "the gold without any citation" },
    {
      name: "unrelated citations",
      report: {
        ...gold,
        personalized_workflow: gold.personalized_workflow.map((s) => ({
          ...s,
          citations: unrelatedRefs.map((r) => r.key),
        })),
        references: unrelatedRefs,
      },
      note: "the gold citing only distractor documents",
    },
    ...(adjacent
      ? [{ name: "adjacent case", report: adjacent, note: "the gold rewritten for the look-alike case" }]
      : []),
    {
      name: "shuffled",
      report: { ...gold, personalized_workflow: renumber(shuffled(gold.personalized_workflow, 7)) },
      note: "the gold steps in a seeded shuffled order",
    },
    { name: "other layout", report: otherLayout(loaded), note: "the gold as Markdown in another layout" },
  ];
}

const ALL_ZERO: Bound[] = metricNames("drflow").map((metric) => ({ metric, max: 0 }));

/** What a sound judge gives each adversarial report (values in [0, 1]); `reference` names the report relative bounds use. */
export const LEXICAL_EXPECTATIONS: Expectation[] = [
  { name: "empty", bounds: ALL_ZERO },
  {
    name: "question echo",
    bounds: [
      { metric: "factuality", max: 0.1 },
      { metric: "f1", max: 0.25 },
    ],
  },
  { name: "flooding", bounds: [{ metric: "f1", max: 0.25 }] },
  {
    name: "stuffing",
    reference: "generic",
    bounds: [{ metric: "personalized_comprehensiveness", overMax: 0.03 }],
  },
  {
    name: "duplicated steps",
    bounds: [
      { metric: "precision", max: 0.5 },
      { metric: "recall", min: 1 },
      { metric: "f1", max: 0.67 },
    ],
  },
  { name: "uncited steps", bounds: [{ metric: "factuality", max: 0 }] },
  { name: "unrelated citations", bounds: [{ metric: "factuality", max: 0.1 }] },
  {
    name: "adjacent case",
    reference: "gold",
    bounds: [
      { metric: "recall", min: 0.9 },
      { metric: "personalized_comprehensiveness", overMax: -0.15 },
    ],
  },
  {
    name: "shuffled",
    bounds: [
      { metric: "recall", min: 1 },
      { metric: "precision", min: 1 },
      { metric: "topology", max: 0.75 },
    ],
  },
  {
    name: "other layout",
    reference: "gold",
    bounds: metricNames("drflow").map((metric) => ({ metric, withinOf: 0.02 })),
  },
];

/** Whether `value` meets `bound` (with `reference` the same metric on the reference report); not-applicable passes. */
export function meets(bound: Bound, value: number | null, reference: number | null): boolean {
  if (value === null) return false;
  if (bound.max !== undefined && value > bound.max + 1e-9) return false;
  if (bound.min !== undefined && value < bound.min - 1e-9) return false;
  if (bound.overMax !== undefined && (reference === null || value > reference + bound.overMax + 1e-9))
    return false;
  if (
    bound.withinOf !== undefined &&
    (reference === null || Math.abs(value - reference) > bound.withinOf + 1e-9)
  )
    return false;
  return true;
}

export function describeBound(b: Bound): string {
  if (b.max !== undefined) return `≤ ${b.max * 100}`;
  if (b.min !== undefined) return `≥ ${b.min * 100}`;
  if (b.overMax !== undefined)
    return b.overMax >= 0 ? `≤ ref + ${b.overMax * 100}` : `≤ ref − ${-b.overMax * 100}`;
  return `ref ± ${b.withinOf! * 100}`;
}

/** A gold-derived report in Markdown, for callers that judge text. */
export function asMarkdown(report: Report | string): string {
  return typeof report === "string" ? report : renderReportMarkdown(report);
}
