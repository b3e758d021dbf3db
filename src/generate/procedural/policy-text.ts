/**
 * @module Policy wording of the steps a company document carries: paraphrased headings and actions, and one seeded
 * realization per document from the pools (`pools.ts`): the procedure's layout, each decision's phrasing (a rule, an
 * exception, an eligibility criterion, a footnote, a definition, a decision-table row) and each cross-reference's style.
 */
import type { Section } from "../realize/content.ts";
import type { BranchSpec } from "./family.ts";
import { paraphrase, paraphraseHeading } from "./paraphrase.ts";
import {
  type ConditionKind,
  type Layout,
  POOLS,
  type RealizationPools,
  type ReferenceKind,
} from "./pools.ts";
import type { Rng } from "./prng.ts";
import { capitalize, fill, phrase, sentence } from "./template.ts";
import type { PlacedStep } from "./workflow.ts";

/** Where a step was written: its document (code, title, index), the procedure section (number, heading), its item. */
export type StepPlace = {
  code: string;
  title: string;
  section: number;
  sectionTitle: string;
  item: number;
  docIndex: number;
};

/** A step in the document's own words: alternate heading, paraphrased task, description and branch actions. */
export type StepWording = { heading: string; task: string; description: string; actions: [string, string] };

/** Reword one step: headings, task, description and the branch actions keep every fact but not the gold phrasing. */
export function wordStep(rng: Rng, spec: PlacedStep["spec"]): StepWording {
  // a branch that ends the company's process says so, so no reader carries on past it
  const actions = (spec.condition?.branches ?? []).map((b: BranchSpec) => {
    const action = paraphrase(rng, b.action, false).text;
    return b.ends ? `${phrase(action)}, ${rng.pick(POOLS.endsClauses)}` : action;
  });
  return {
    heading: paraphraseHeading(rng, spec.title, spec.task),
    task: sentence(paraphrase(rng, spec.task).text),
    description: paraphrase(rng, spec.description).text,
    actions: [actions[0] ?? "", actions[1] ?? ""],
  };
}

const lower = (heading: string) => heading.charAt(0).toLowerCase() + heading.slice(1);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? lower(text) : text);

/** Text a document states outside its procedure section: notes, definitions, decision-table rows. */
/** `label`: what a definition's label starts with (see `Assembly.code`), so that "C1" names one thing in a task. */
type Appendix = { notes: string[]; definitions: string[]; rows: string[]; label: string };

/** The decision in one of the pool's phrasings; notes, definitions and table rows go to the document's appendix. */
function conditionText(
  rng: Rng,
  pools: RealizationPools,
  spec: PlacedStep["spec"],
  w: StepWording,
  appendix: Appendix,
): { text: string; kind: ConditionKind | null } {
  if (!spec.condition) return { text: "", kind: null };
  const [a, b] = spec.condition.branches;
  const [actA, actB] = w.actions.map(phrase) as [string, string];
  const vars = {
    a_when: a.when,
    b_when: b.when,
    a_action: actA,
    b_action: actB,
    b_action_sentence: capitalize(actB),
    heading: lower(w.heading),
  };
  const kind = rng.pick(pools.conditionKinds);
  switch (kind) {
    case "rule":
    case "exception":
    case "eligibility":
      return { text: fill(rng.pick(pools.conditions[kind]), vars), kind };
    case "footnote": {
      const form = rng.pick(pools.conditions.footnote);
      const label = String(appendix.notes.length + 1);
      appendix.notes.push(fill(form.note, { ...vars, label }));
      return { text: fill(form.inline, { ...vars, label }), kind };
    }
    case "definition": {
      const form = rng.pick(pools.conditions.definition);
      const n = appendix.definitions.length + 1;
      const label = appendix.label.endsWith(".") ? `C${appendix.label}${n}` : `${appendix.label}C${n}`;
      appendix.definitions.push(sentence(fill(form.note, { ...vars, label })));
      return { text: fill(form.inline, { ...vars, label }), kind };
    }
    case "table": {
      const form = rng.pick(pools.conditions.table);
      for (const row of form.rows) appendix.rows.push(fill(row, vars));
      return { text: fill(form.inline, vars), kind };
    }
  }
}

/** A reference to a prerequisite written in another document (named by what it is for), in one of the pool's styles. */
function crossReference(
  rng: Rng,
  pools: RealizationPools,
  purpose: string,
  at: StepPlace,
): { text: string; kind: ReferenceKind } {
  const kind = rng.pick(pools.referenceKinds);
  const text = fill(rng.pick(pools.references[kind]), {
    purpose,
    code: at.code,
    section: String(at.section),
    section_title: at.sectionTitle,
    title: at.title,
  });
  return { text, kind };
}

/** How a procedure is assembled (see `GeneratorSettings`): which steps a form implies, which lose their detail. */
export type Assembly = {
  /** Running prose whose paragraph breaks fall inside steps. */
  flow?: boolean;
  /** Items stated only by a form entry in the document's forms section, which the procedure points to. */
  implied?: ReadonlySet<number>;
  /** Items whose detail (the description) another document states; left out here and returned in `detached`. */
  detach?: ReadonlySet<number>;
  /** Form entries of other documents' detached details to state in this document's forms section. */
  forms?: readonly string[];
  /** The role that carries the steps (the user's): half the implied steps are implied by its role description. */
  role?: string;
  /**
   * The document's code: its definitions are labelled `<code>-C1`, `<code>-C2`, … (an uncoded document's `C<n>.1`,
   * n its place in the procedure, as its forms are numbered) so that two documents of a task never give one label
   * two meanings: a passage quoting "category C1" is otherwise ambiguous once found.
   */
  code?: string;
};

/** A step's detail stated in another document, naming the step by what it is for. */
export type Detached = { item: number; text: string };

export type ProcedureText = {
  /** Each step's own text (its evidence unit), in step order. */
  stepTexts: string[];
  /** Each step's further unit in this document (a form entry or a role description), by item. */
  extraTexts: Map<number, { text: string; kind: "form" | "role" }>;
  /** Details of this document's steps that another document must state (see `Assembly.detach`). */
  detached: Detached[];
  /** The procedure section. */
  section: Section;
  /** Sections the decisions point to (notes, definitions, decision table); empty when none. */
  appendices: Section[];
  /** The layout and the condition phrasings used (for difficulty statistics). */
  layout: Layout;
  conditionKinds: ConditionKind[];
  referenceKinds: ReferenceKind[];
};

/**
 * The procedure section of one document. `steps` are this document's steps in order; `placeOf` gives where any
 * earlier step was written (this document or another); `docIndex` locates this document. Each step is one block —
 * a list item, a table row, an FAQ entry or a paragraph, with or without a sequencing word — holding its task, its
 * description, a reference to a prerequisite that is not the step just before, and its decision.
 */
export function procedureSection(
  rng: Rng,
  steps: readonly PlacedStep[],
  all: readonly PlacedStep[],
  wording: ReadonlyMap<number, StepWording>,
  placeOf: ReadonlyMap<number, StepPlace>,
  docIndex: number,
  pools: RealizationPools = POOLS,
  assembly: Assembly = {},
): ProcedureText {
  const drawn = rng.pick(pools.layouts);
  const layout: Layout = assembly.flow ? "prose" : drawn;
  const formsHeading = rng.pick(pools.formsHeading);
  const formEntries: string[] = [];
  const roleEntries: string[] = [];
  const rolesHeading = rng.pick(pools.rolesHeading);
  const extraTexts: ProcedureText["extraTexts"] = new Map();
  const detached: Detached[] = [];
  const appendix: Appendix = {
    notes: [],
    definitions: [],
    rows: [],
    label: assembly.code ? `${assembly.code}-` : docIndex >= 0 ? `${docIndex + 1}.` : "",
  };
  const kinds: ConditionKind[] = [];
  const referenceKinds: ReferenceKind[] = [];
  const mark = rng.pick(pools.bulletMarks);
  const stepTexts = steps
    .map((p, k) => {
      const w = wording.get(p.item)!;
      const pre = all[p.prerequisite - 1];
      const preAt = pre ? placeOf.get(pre.item) : undefined;
      const preWording = pre ? wording.get(pre.item) : undefined;
      const previousHere = k > 0 && pre === steps[k - 1];
      let reference = "";
      if (pre && preAt && preWording && !previousHere) {
        // a prerequisite is named by what it is for (its heading's gerund phrase), never by quoting its action
        const purpose = lower(preWording.heading);
        if (preAt.docIndex === docIndex) reference = fill(rng.pick(pools.localReferences), { purpose });
        else {
          const cross = crossReference(rng, pools, purpose, preAt);
          reference = cross.text;
          referenceKinds.push(cross.kind);
        }
      }
      const cond = conditionText(rng, pools, p.spec, w, appendix);
      if (cond.kind) kinds.push(cond.kind);
      let description = w.description;
      if (assembly.detach?.has(p.item)) {
        detached.push({ item: p.item, text: description });
        description = "";
      }
      if (assembly.implied?.has(p.item) && !p.spec.condition) {
        // the step is no instruction here: the procedure points to a form or a role, whose entry says what it is for
        let pointer: string;
        if (assembly.role && rng.chance(0.5)) {
          const entry = fill(rng.pick(pools.roleEntries), {
            role: assembly.role,
            heading: lower(w.heading),
            description: sentence(description || w.description),
          });
          roleEntries.push(entry);
          extraTexts.set(p.item, { text: entry, kind: "role" });
          pointer = fill(rng.pick(pools.rolePointers), { role: assembly.role, roles_heading: rolesHeading });
        } else {
          const form = fill(rng.pick(pools.formNames), { label: `${docIndex + 1}.${k + 1}` });
          const entry = fill(rng.pick(pools.formEntries), {
            form_cap: capitalize(form),
            heading: lower(w.heading),
            description: sentence(description || w.description),
          });
          formEntries.push(entry);
          extraTexts.set(p.item, { text: entry, kind: "form" });
          pointer = fill(rng.pick(pools.formPointers), { form, forms_heading: formsHeading });
        }
        const text = [capitalize(pointer), reference].filter(Boolean).join(" ");
        switch (layout) {
          case "numbered":
            return `${k + 1}. ${text}`;
          case "bullets":
            return `${mark} ${text}`;
          case "table":
            return `${k + 1} | ${w.heading} | ${text}`;
          case "faq":
            return `${fill(rng.pick(pools.faqQuestions), { heading: lower(w.heading) })} ${text}`;
          default:
            return text;
        }
      }
      const body = rng.chance(0.5)
        ? [description, reference, cond.text]
        : [reference, description, cond.text];
      const rest = body.filter(Boolean).join(" ");
      switch (layout) {
        case "numbered":
          return `${k + 1}. ${w.heading}. ${w.task} ${rest}`;
        case "bullets":
          return `${mark} ${w.heading}: ${lowerFirst(w.task)} ${rest}`;
        case "table":
          return `${k + 1} | ${w.heading} | ${w.task} ${rest}`;
        case "faq":
          return `${fill(rng.pick(pools.faqQuestions), { heading: lower(w.heading) })} ${w.task} ${rest}`;
        default: {
          // prose
          const pool =
            k === 0
              ? pools.sequence.first
              : k === steps.length - 1 && steps.length >= 3
                ? pools.sequence.last
                : pools.sequence.middle;
          const lead = rng.pick(pool);
          return `${lead}${lead ? lowerFirst(w.task) : w.task} ${rest}`;
        }
      }
    })
    .map((text) => text.trim()); // a step whose detail went elsewhere has no rest: no trailing space in the file
  const paragraphs = assembly.flow ? flowing(rng, stepTexts) : [...stepTexts];
  if (layout === "table") paragraphs.unshift(rng.pick(pools.tableHeaders));
  else if (layout !== "prose" && rng.chance(0.5)) paragraphs.unshift(rng.pick(pools.leadIns));
  if (!assembly.flow && rng.chance(0.3))
    paragraphs.splice(
      rng.int(paragraphs.length > 1 ? 2 : 1, paragraphs.length),
      0,
      rng.pick(pools.workingNotes),
    );
  const appendices: Section[] = [];
  const forms = [...formEntries, ...(assembly.forms ?? [])];
  if (forms.length > 0) appendices.push({ heading: formsHeading, paragraphs: forms });
  if (roleEntries.length > 0) appendices.push({ heading: rolesHeading, paragraphs: roleEntries });
  if (appendix.notes.length > 0)
    appendices.push({ heading: rng.pick(pools.notesHeading), paragraphs: appendix.notes });
  if (appendix.definitions.length > 0)
    appendices.push({ heading: rng.pick(pools.definitionsHeading), paragraphs: appendix.definitions });
  if (appendix.rows.length > 0)
    appendices.push({
      heading: rng.pick(pools.decisionTableHeading),
      paragraphs: [rng.pick(pools.decisionTableHeader), ...appendix.rows.map((r) => sentence(r))],
    });
  return {
    stepTexts,
    extraTexts,
    detached,
    section: { heading: rng.pick(pools.procedureHeadings[layout]), paragraphs },
    appendices,
    layout,
    conditionKinds: kinds,
    referenceKinds,
  };
}

/**
 * Running prose over the steps' sentences in order, with paragraph breaks after two to four sentences wherever they
 * fall: a paragraph may end one step and begin the next, and a step may run over two paragraphs.
 */
function flowing(rng: Rng, stepTexts: readonly string[]): string[] {
  const sentences = stepTexts.flatMap((t) => t.split(/(?<=[.!?])\s+(?=[A-Z"])/));
  const out: string[] = [];
  let at = 0;
  while (at < sentences.length) {
    const n = rng.int(2, 4);
    out.push(sentences.slice(at, at + n).join(" "));
    at += n;
  }
  return out;
}

/**
 * A company distractor's text in a seeded layout: as written, or — like a real procedure of another process — as a
 * numbered list, bullets, a table or paragraphs, one sentence per item.
 */
export function distractorLayout(rng: Rng, text: string, pools: RealizationPools = POOLS): string[] {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/);
  const layout = sentences.length < 2 ? "plain" : rng.pick(["plain", ...pools.layouts]);
  switch (layout) {
    case "numbered":
      return sentences.map((s, k) => `${k + 1}. ${s}`);
    case "bullets":
      return sentences.map((s) => `${rng.pick(pools.bulletMarks)} ${s}`);
    case "table":
      return [rng.pick(pools.tableHeaders), ...sentences.map((s, k) => `${k + 1} | ${s}`)];
    case "prose":
    case "faq":
      return sentences;
    default:
      return [text];
  }
}
