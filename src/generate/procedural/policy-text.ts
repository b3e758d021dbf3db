/** @module Policy wording of the steps a company document carries: paraphrased headings and actions, one seeded layout per document, cross-references. */
import type { BranchSpec } from "./family.ts";
import { paraphrase, paraphraseHeading } from "./paraphrase.ts";
import type { Rng } from "./prng.ts";
import { capitalize, phrase, sentence } from "./template.ts";
import type { PlacedStep } from "./workflow.ts";

/** How a document lays out its procedure: running prose, a numbered procedure, or a checklist. */
export const DOC_STYLES = ["prose", "numbered", "checklist"] as const;
export type DocStyle = (typeof DOC_STYLES)[number];

/** Where a step was written: the document's code, the number of its procedure section, its item (numbered style). */
export type StepPlace = { code: string; section: number; item: number; docIndex: number };

/** A step in the document's own words: alternate heading, paraphrased task, description and branch actions. */
export type StepWording = { heading: string; task: string; description: string; actions: [string, string] };

/** Section headings for the procedure, by layout. */
export const PROCEDURE_HEADINGS: Readonly<Record<DocStyle, readonly string[]>> = {
  prose: ["How the Process Runs", "Operating Procedure", "Process Description", "Working Practice"],
  numbered: ["Procedure", "Required Actions", "Process Requirements", "Procedure Steps"],
  checklist: ["Process Checklist", "Checklist", "Action Checklist", "Completion Checklist"],
};

/** What part of the policy a company document is (its title names the policy and the part, never a step). */
export const DOC_LABELS = [
  "Process Overview",
  "Staff Guidance",
  "Roles and Responsibilities",
  "Process Standard",
  "Working Instructions",
  "Field Guide",
  "Supplementary Guidance",
  "Procedure Manual",
  "Practice Notes",
  "Implementation Guide",
  "Quick Reference",
  "Desk Procedures",
];

/** Lead-in sentences that open a procedure section (no step content). */
const LEAD_INS = [
  "The actions below apply to every case handled under this document.",
  "Staff follow the actions below in the order given unless a section says otherwise.",
  "Each action is recorded in the case file when it is done.",
];

/** Share of decisions whose action for one branch is a numbered decision rule stated in another section. */
export const RULE_RATE = 0.35;

/** Heading of the section that states a document's decision rules. */
export const RULES_HEADING = "Decision Rules";

/** Working notes a procedure section may carry between its steps (they state no step). */
const WORKING_NOTES = [
  "Note: record each action in the case file on the day it is taken, with the name of the person who took it.",
  "Note: the forms referred to in this section are kept in the shared forms folder; always use the current version.",
  "Where an action cannot be completed on the same business day, the reason is written in the case file.",
  "Questions about any action in this section go to the document owner before the action is taken.",
];

/** Reword one step: headings, task, description and the branch actions keep every fact but not the gold phrasing. */
export function wordStep(rng: Rng, spec: PlacedStep["spec"]): StepWording {
  const actions = (spec.condition?.branches ?? []).map(
    (b: BranchSpec) => paraphrase(rng, b.action, false).text,
  );
  return {
    heading: paraphraseHeading(rng, spec.title, spec.task),
    task: sentence(paraphrase(rng, spec.task).text),
    description: paraphrase(rng, spec.description).text,
    actions: [actions[0] ?? "", actions[1] ?? ""],
  };
}

const lower = (heading: string) => heading.charAt(0).toLowerCase() + heading.slice(1);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? lower(text) : text);

/** The decision in varied policy phrasings; each branch keeps its distinguishing terms. */
function conditionText(
  rng: Rng,
  spec: PlacedStep["spec"],
  actions: [string, string],
  rules: string[],
): string {
  if (!spec.condition) return "";
  const [a, b] = spec.condition.branches;
  let [actA, actB] = actions.map(phrase) as [string, string];
  if (rng.chance(RULE_RATE)) {
    // multi-hop: one branch's action is stated as a numbered decision rule elsewhere in the document
    const id = `R${rules.length + 1}`;
    const indirect = rng.chance(0.5) ? "a" : "b";
    const action = indirect === "a" ? actA : actB;
    rules.push(`Rule ${id}: ${sentence(action)}`);
    const ref = rng.pick([`apply decision rule ${id}`, `follow rule ${id} under Decision Rules`]);
    if (indirect === "a") actA = ref;
    else actB = ref;
  }
  return rng.pick([
    `If ${a.when}, ${actA}; otherwise, ${actB}.`,
    `Where ${a.when}, ${actA}. In all other cases, ${actB}.`,
    `${capitalize(actB)} unless ${a.when}, in which case ${actA}.`,
    `If ${b.when}, ${actB}; if ${a.when}, ${actA}.`,
    `When ${a.when}, ${actA}. If ${b.when}, ${actB} instead.`,
  ]);
}

/** A reference to a step in another document: its reworded heading, the document code and section. */
function crossReference(rng: Rng, heading: string, at: StepPlace): string {
  const h = lower(heading);
  return rng.pick([
    `This starts only once ${h} (see section ${at.section} of ${at.code}) is complete.`,
    `It follows ${h}, described in section ${at.section} of ${at.code}, which must be finished first.`,
    `Before this, ${h} must be done; see ${at.code}, section ${at.section}.`,
  ]);
}

/** A reference to an earlier step of the same document that is not the one just before. */
function localReference(rng: Rng, style: DocStyle, heading: string, at: StepPlace): string {
  const h = lower(heading);
  if (style === "numbered")
    return rng.pick([
      `Do not start this before item ${at.item} (${h}) is complete.`,
      `Requires item ${at.item} above.`,
    ]);
  return rng.pick([
    `This can only begin once ${h} is complete.`,
    `It depends on ${h}, described above, having been completed.`,
  ]);
}

/**
 * The text of one procedure section. `steps` are this document's steps in order; `placeOf` gives where any earlier
 * step was written (this document or another); `docIndex` locates this document. Returns each step's text (its
 * evidence), the section's paragraphs (an optional lead-in, the steps — prose runs several steps into one
 * paragraph — and, sometimes, a working note that states no step) and the decision rules the steps refer to.
 */
export function procedureParagraphs(
  rng: Rng,
  style: DocStyle,
  steps: readonly PlacedStep[],
  all: readonly PlacedStep[],
  wording: ReadonlyMap<number, StepWording>,
  placeOf: ReadonlyMap<number, StepPlace>,
  docIndex: number,
): { stepTexts: string[]; paragraphs: string[]; rules: string[] } {
  const rules: string[] = [];
  const leadIn = style === "prose" ? null : rng.chance(0.6) ? rng.pick(LEAD_INS) : null;
  const stepTexts = steps.map((p, k) => {
    const w = wording.get(p.item)!;
    const pre = all[p.prerequisite - 1];
    const preAt = pre ? placeOf.get(pre.item) : undefined;
    const preWording = pre ? wording.get(pre.item) : undefined;
    const previousHere = k > 0 && pre === steps[k - 1];
    let reference = "";
    if (pre && preAt && preWording && !previousHere) {
      reference =
        preAt.docIndex === docIndex
          ? localReference(rng, style, preWording.heading, preAt)
          : crossReference(rng, preWording.heading, preAt);
    }
    const cond = conditionText(rng, p.spec, w.actions, rules);
    const body = [w.description, reference, cond].filter(Boolean);
    if (style === "numbered") {
      const head = `${k + 1}. ${w.heading}.`;
      return [
        head,
        w.task,
        ...(rng.chance(0.5) ? body : [reference, w.description, cond].filter(Boolean)),
      ].join(" ");
    }
    if (style === "checklist") {
      return [`• ${w.heading}: ${lowerFirst(w.task)}`, ...body].join(" ");
    }
    // prose: sequencing words carry the order inside the document
    let lead: string;
    if (k === 0) lead = rng.pick(["First, ", "To begin, ", "The process starts here: "]);
    else if (k === steps.length - 1 && steps.length >= 3) lead = rng.pick(["Finally, ", "Lastly, "]);
    else if (previousHere && rng.chance(0.4))
      lead = `Once ${lower(wording.get(steps[k - 1]!.item)!.heading)} is complete, `;
    else
      lead = rng.pick([
        "Then ",
        "After that, ",
        "Next, ",
        "Once that is done, ",
        "Staff then ",
        "The team next ",
      ]);
    return [`${lead}${lowerFirst(w.task)}`, ...body].join(" ");
  });
  // prose runs one to three steps into a paragraph; lists keep one item per paragraph
  const paragraphs: string[] = [];
  for (let k = 0; k < stepTexts.length; ) {
    const n = style === "prose" ? rng.int(1, 3) : 1;
    paragraphs.push(stepTexts.slice(k, k + n).join(" "));
    k += n;
  }
  if (rng.chance(0.4)) paragraphs.splice(rng.int(1, paragraphs.length), 0, rng.pick(WORKING_NOTES));
  return { stepTexts, paragraphs: leadIn ? [leadIn, ...paragraphs] : paragraphs, rules };
}

/**
 * A company distractor's text in a seeded layout: as written, or — like a real procedure of another process — as a
 * numbered list, a checklist or sequenced prose, one sentence per item.
 */
export function distractorLayout(rng: Rng, text: string): string[] {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/);
  const style = sentences.length < 2 ? "plain" : rng.pick(["plain", "plain", ...DOC_STYLES]);
  if (style === "numbered") return sentences.map((s, k) => `${k + 1}. ${s}`);
  if (style === "checklist") return sentences.map((s) => `• ${s}`);
  if (style === "prose")
    return [
      sentences
        .map(
          (s, k) => `${k === 0 ? "First, " : rng.pick(["Then ", "After that, ", "Next, "])}${lowerFirst(s)}`,
        )
        .join(" "),
    ];
  return [text];
}
