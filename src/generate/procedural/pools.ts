/**
 * @module Realization pools: the surface forms a company document or a message can take (procedure layouts,
 * condition phrasings, cross-reference styles, sequencing words, case openers), as a zod-validated data file
 * (`data/realizations.json`). The seed draws from them; adding a realization is editing the file.
 */
import { join } from "node:path";
import { z } from "zod";
import { readDataFile } from "../../core/data-file.ts";
import { DATA_DIR } from "./data.ts";

export const LAYOUTS = ["numbered", "bullets", "table", "faq", "prose"] as const;
export type Layout = (typeof LAYOUTS)[number];
export const CONDITION_KINDS = [
  "rule",
  "exception",
  "eligibility",
  "footnote",
  "definition",
  "table",
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
export const REFERENCE_KINDS = ["code", "title", "section", "none"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

const Pool = z.array(z.string()).min(1);
/** A condition stated partly in the step and partly elsewhere in the document (a note, a definition). */
const Split = z.object({ inline: z.string(), note: z.string() }).strict();

export const RealizationPools = z
  .object({
    /** Procedure layouts drawn per document (repeat a layout to weight it). */
    layouts: z.array(z.enum(LAYOUTS)).min(1),
    procedureHeadings: z.record(z.enum(LAYOUTS), Pool),
    tableHeaders: Pool,
    bulletMarks: Pool,
    /** FAQ entry questions; `{heading}` is the step's heading in lower case. */
    faqQuestions: Pool,
    /** Sequencing leads of prose steps; an empty string is a step without one. */
    sequence: z.object({ first: Pool, middle: Pool, last: Pool }).strict(),
    leadIns: Pool,
    workingNotes: Pool,
    /** Slots: {a_when} {a_action} {b_when} {b_action}, {b_action_sentence} (capitalized), {label}, {heading}. */
    conditions: z
      .object({
        rule: Pool,
        exception: Pool,
        eligibility: Pool,
        footnote: z.array(Split).min(1),
        definition: z.array(Split).min(1),
        table: z.array(z.object({ inline: z.string(), rows: z.array(z.string()).length(2) }).strict()).min(1),
      })
      .strict(),
    conditionKinds: z.array(z.enum(CONDITION_KINDS)).min(1),
    notesHeading: Pool,
    definitionsHeading: Pool,
    decisionTableHeading: Pool,
    decisionTableHeader: Pool,
    /**
     * Cross-references to a prerequisite in another document, by what the prerequisite is for (its heading's gerund
     * phrase), never by quoting its action. Slots: {purpose} {code} {section} {section_title} {title}.
     */
    references: z.record(z.enum(REFERENCE_KINDS), Pool),
    referenceKinds: z.array(z.enum(REFERENCE_KINDS)).min(1),
    /** References to an earlier step of the same document. Slot: {purpose}. */
    localReferences: Pool,
    /** A step implied by a form: the procedure's pointer to it (slots {form} {forms_heading}), the form's entry
     * (slots {form_cap} {heading} {description}), the form's name (slot {label}) and the forms section's heading. */
    formPointers: Pool,
    formEntries: Pool,
    formNames: Pool,
    formsHeading: Pool,
    /** A step implied by a role description: the procedure's pointer (slots {role} {roles_heading}), the role's entry
     * (slots {role} {heading} {description}) and the roles section's heading. */
    rolePointers: Pool,
    roleEntries: Pool,
    rolesHeading: Pool,
    /** A step's detail stated in another document's forms section. Slots: {heading} {heading_cap} {section} {code} {description}. */
    detailEntries: Pool,
    /** What the policy adds to the action of a branch that ends the process (`ends` in a family), after a comma. */
    endsClauses: Pool,
    /** Headings of a neighbouring process's procedure placed in the same document. Slot: {policy}. */
    neighbourHeadings: Pool,
    /** A colleague's sentence followed by the policy's reading of it (slots {evidence} {when}); rare by design. */
    restatements: Pool,
    /** How a message poses a case's question (the user's and the look-alikes' alike). Slots: case slots, {question}. */
    caseOpeners: Pool,
  })
  .strict();
export type RealizationPools = z.infer<typeof RealizationPools>;

export function loadPools(path = join(DATA_DIR, "realizations.json")): RealizationPools {
  return readDataFile(RealizationPools, path);
}

export const POOLS: RealizationPools = loadPools();
