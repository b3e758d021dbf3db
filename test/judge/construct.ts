/**
 * @module Reports with labels known by construction, built from a task's gold: the gold itself, dropped steps, reversed
 * order, generic or wrong branches, no citations, distractor-derived steps, paraphrases. Used by the validation suite and
 * `scripts/bench/judge.ts`.
 */
import { type Reference, Report, type ReportStep, type Task } from "../../src/core/index.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";

/** The expected alignment: predicted item → golden item (absent = must not align). */
export type Labels = Map<number, number>;
export type Constructed = { name: string; report: Report; labels: Labels };

function evidenceArtifacts(loaded: LoadedTask): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of loaded.manifest.artifacts) for (const e of a.evidence) if (!out.has(e)) out.set(e, a.id);
  return out;
}

/** The gold personalized workflow as a report, each step citing the artifacts that carry its evidence. */
export function goldReport(loaded: LoadedTask): Report {
  const { task } = loaded;
  const where = evidenceArtifacts(loaded);
  const refs: Reference[] = [];
  const keyOf = (artifact: string) => {
    let ref = refs.find((r) => r.source_id === artifact);
    if (!ref) {
      const entry = loaded.manifest.artifacts.find((a) => a.id === artifact)!;
      ref = {
        key: `src_${refs.length + 1}`,
        source_id: artifact,
        title: entry.title,
        app: entry.app,
        path: entry.path,
      };
      refs.push(ref);
    }
    return ref.key;
  };
  const citeFor = (item: number) => {
    const g = task.generic_workflow.find((s) => s.item === item);
    const units = task.evidence.filter(
      (e) =>
        e.role === "insight" &&
        (e.supports_steps.includes(item) || (g?.condition && e.resolves_conditions.includes(g.condition.id))),
    );
    return [...new Set(units.map((u) => where.get(u.id)).filter((x): x is string => !!x))].map(keyOf);
  };
  // A personalized step states the user's case details too: it also cites the user's own insight artifacts.
  const userArtifacts = loaded.manifest.artifacts
    .filter((a) => a.role === "insight" && a.side === "user")
    .map((a) => a.id);
  const personalized: ReportStep[] = task.personalized_workflow.map((p) => ({
    item: p.item,
    title: p.title,
    task: p.task,
    task_description: p.task_description,
    condition_description: p.condition_description,
    prerequisite: p.prerequisite,
    prerequisite_description: p.prerequisite_description,
    justification: p.justification,
    citations: [...new Set([...citeFor(p.item), ...userArtifacts.map(keyOf)])],
  }));
  const generic: ReportStep[] = task.generic_workflow.map(({ condition: _c, ...g }) => ({
    ...g,
    justification: "",
    citations: citeFor(g.item),
  }));
  return Report.parse({
    task_id: task.id,
    question: task.seed.question,
    executive_summary: `Workflow for ${task.seed.user.name}.`,
    generic_workflow: generic,
    condition_resolution: task.generic_workflow
      .filter((g) => g.condition)
      .map((g) => {
        const p = task.personalized_workflow.find((s) => s.item === g.item);
        return {
          condition: g.condition_description,
          evidence: p?.justification ?? "",
          resolution: p?.resolved_branch ? `Resolved: ${p.answer}` : "Unresolved: keep condition",
          resolved: !!p?.resolved_branch,
          citations: citeFor(g.item),
        };
      }),
    personalized_workflow: personalized,
    references: refs,
    findings: task.evidence
      .filter((e) => e.role === "insight")
      .map((e) => `${e.text} [DOC:${keyOf(where.get(e.id) ?? loaded.manifest.artifacts[0]!.id)}]`)
      .join(" "),
  });
}

const identity = (report: Report): Labels =>
  new Map(report.personalized_workflow.map((s) => [s.item, s.item]));

function renumber(steps: ReportStep[]): { steps: ReportStep[]; from: Map<number, number> } {
  const from = new Map<number, number>();
  const out = steps.map((s, i) => {
    from.set(i + 1, s.item);
    return { ...s, item: i + 1, prerequisite: "" };
  });
  return { steps: out, from };
}

/** Drop `k` steps spread evenly; the remaining ones keep their labels. */
export function dropSteps(gold: Report, k: number): Constructed {
  const n = gold.personalized_workflow.length;
  const drop = new Set(Array.from({ length: k }, (_, i) => Math.floor(((i + 0.5) * n) / k)));
  const kept = gold.personalized_workflow.filter((_, i) => !drop.has(i));
  const { steps, from } = renumber(kept);
  return { name: `drop ${k} of ${n}`, report: { ...gold, personalized_workflow: steps }, labels: from };
}

/** The same steps in reverse order. */
export function reverseSteps(gold: Report): Constructed {
  const { steps, from } = renumber([...gold.personalized_workflow].reverse());
  return { name: "reversed", report: { ...gold, personalized_workflow: steps }, labels: from };
}

function replaceStep(gold: Report, item: number, change: (s: ReportStep) => ReportStep): Report {
  return {
    ...gold,
    personalized_workflow: gold.personalized_workflow.map((s) => (s.item === item ? change(s) : s)),
  };
}

/** Conditional step `item` written back as the generic "if A … else B" (both branches kept, none chosen). */
export function genericBranch(gold: Report, task: Task, item: number): Constructed {
  const g = task.generic_workflow.find((s) => s.item === item)!;
  const report = replaceStep(gold, item, (s) => ({
    ...s,
    title: g.title,
    task: g.task,
    task_description: g.task_description,
    condition_description: g.condition_description,
    justification: "The branch depends on the participant's situation.",
  }));
  return { name: `generic branch at ${item}`, report, labels: identity(gold) };
}

/** Conditional step `item` committed to a branch other than the gold one. */
export function wrongBranch(gold: Report, task: Task, item: number): Constructed {
  const g = task.generic_workflow.find((s) => s.item === item)!;
  const p = task.personalized_workflow.find((s) => s.item === item)!;
  const other = g.condition!.branches.find((b) => b.id !== p.resolved_branch)!;
  const report = replaceStep(gold, item, (s) => ({
    ...s,
    title: `${g.title}: ${other.then}`,
    task: other.then,
    task_description: `${g.task_description} Because ${other.when}, ${other.then}.`,
    condition_description: "",
    justification: `The evidence shows that ${other.when}.`,
  }));
  return { name: `wrong branch at ${item}`, report, labels: identity(gold) };
}

/** Every citation removed (arrays emptied, inline markers stripped). */
export function withoutCitations(gold: Report): Constructed {
  const strip = (t: string) => t.replace(/\s*\[DOC:[^\]]*\]/g, "");
  const report = {
    ...gold,
    personalized_workflow: gold.personalized_workflow.map((s) => ({
      ...s,
      task: strip(s.task),
      task_description: strip(s.task_description),
      justification: strip(s.justification),
      citations: [],
    })),
  };
  return { name: "no citations", report, labels: identity(gold) };
}

/** Extra steps made from the task's distractor facts, appended after the gold steps (they must not align). */
export function withDistractorSteps(gold: Report, task: Task): Constructed {
  const distractors = task.evidence.filter((e) => e.role === "distractor");
  const n = gold.personalized_workflow.length;
  const extra: ReportStep[] = distractors.map((d, i) => {
    const sentence = d.text.replace(/\.$/, "");
    return {
      item: n + i + 1,
      title: sentence.split(/\s+/).slice(0, 8).join(" "),
      task: sentence,
      task_description: `${d.text} Follow this before continuing.`,
      condition_description: "",
      prerequisite: "",
      prerequisite_description: "",
      justification: "",
      citations: [],
    };
  });
  return {
    name: `+${extra.length} distractor steps`,
    report: { ...gold, personalized_workflow: [...gold.personalized_workflow, ...extra] },
    labels: identity(gold),
  };
}

/** A test-owned thesaurus (independent of the judge's), applied word by word. */
const PARAPHRASE: Record<string, string> = {
  verify: "confirm",
  check: "review",
  register: "enroll",
  prepare: "assemble",
  print: "produce",
  obtain: "collect",
  book: "reserve",
  schedule: "plan",
  send: "forward",
  upload: "store",
  record: "log",
  explain: "go over",
  conduct: "hold",
  select: "pick",
  choose: "pick",
  arrange: "organize",
  decide: "determine",
  agree: "settle",
  compare: "match",
  file: "archive",
  walk: "take",
  open: "launch",
  assign: "allocate",
  notify: "tell",
  submit: "hand in",
  review: "examine",
  request: "ask for",
  complete: "finish",
  confirm: "verify",
  locate: "find",
  calculate: "compute",
  grant: "give",
  offer: "provide",
  continue: "proceed with",
  email: "send",
  issue: "provide",
  contact: "reach out to",
  collect: "gather",
  attach: "add",
  approve: "sign off on",
  log: "note",
  inform: "advise",
  apply: "use",
  determine: "establish",
  update: "revise",
  close: "wrap up",
  process: "handle",
  escalate: "raise",
  route: "direct",
  identify: "pinpoint",
  draft: "write",
  document: "write down",
  ensure: "make certain",
  provide: "supply",
  create: "set up",
  set: "configure",
};

function paraphraseText(text: string): string {
  const swapped = text.replace(/\b([A-Za-z]+)\b/g, (w) => {
    const lower = w.toLowerCase();
    const rep = PARAPHRASE[lower];
    if (!rep) return w;
    return w[0] === w[0]!.toUpperCase() ? rep[0]!.toUpperCase() + rep.slice(1) : rep;
  });
  // Reorder clauses: sentences in reverse order, and "X, so Y" → "Y, since X".
  const sentences = swapped.split(/(?<=\.)\s+/).filter(Boolean);
  return sentences
    .reverse()
    .map((s) => {
      const m = /^(.*?),\s+so\s+(.*?)\.?$/.exec(s);
      return m
        ? `${m[2]![0]!.toUpperCase()}${m[2]!.slice(1)}, since ${m[1]![0]!.toLowerCase()}${m[1]!.slice(1)}.`
        : s;
    })
    .join(" ");
}

/** Every step reworded with synonyms and reordered clauses. */
export function paraphrased(gold: Report): Constructed {
  const report = {
    ...gold,
    personalized_workflow: gold.personalized_workflow.map((s) => ({
      ...s,
      title: paraphraseText(s.title),
      task: paraphraseText(s.task),
      task_description: paraphraseText(s.task_description),
    })),
  };
  return { name: "paraphrased", report, labels: identity(gold) };
}

/** Every construction of one task, for agreement figures. */
export function constructions(loaded: LoadedTask): Constructed[] {
  const gold = goldReport(loaded);
  const { task } = loaded;
  const conditional = task.generic_workflow.filter((g) => g.condition).map((g) => g.item);
  const n = gold.personalized_workflow.length;
  return [
    { name: "gold", report: gold, labels: identity(gold) },
    dropSteps(gold, 1),
    dropSteps(gold, Math.max(1, Math.floor(n / 3))),
    reverseSteps(gold),
    ...conditional
      .slice(0, 2)
      .flatMap((item) => [genericBranch(gold, task, item), wrongBranch(gold, task, item)]),
    withoutCitations(gold),
    withDistractorSteps(gold, task),
    paraphrased(gold),
  ];
}
