/** @module Shapes of annotation campaigns: what creating a campaign takes, one labelling decision, one JSONL label line. */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { ComprehensivenessDims } from "../../analysis/labelled-set.ts";

/** The paper's F.1 protocol, the default guideline of a new campaign. */
export const DEFAULT_GUIDELINE = readFileSync(new URL("./guideline-f1.txt", import.meta.url), "utf8").trim();

/** Ids the store generates and URLs carry: lowercase letters, digits, `-` and `_` only. */
export const AnnotationId = z.string().regex(/^[a-z0-9_-]{1,64}$/, "expected an id of a–z, 0–9, - or _");

export const CampaignInput = z.object({
  name: z.string().trim().min(1, "a campaign needs a name").max(200),
  guideline: z.string().trim().min(1).max(20_000).default(DEFAULT_GUIDELINE),
  runs: z
    .array(z.string().min(1).max(200))
    .min(1, "choose at least one run")
    .max(1000)
    .refine((xs) => new Set(xs).size === xs.length, "a run is listed twice"),
  annotators: z
    .array(z.string().trim().min(1).max(80))
    .min(1, "name at least one annotator")
    .max(50)
    .refine((xs) => new Set(xs).size === xs.length, "two annotators have the same name"),
});
export type CampaignInput = z.infer<typeof CampaignInput>;

const Note = z.string().max(2000, "a note holds at most 2000 characters");

/** N.4's three levels. */
export const ConditionLevel = z.union([z.literal(1), z.literal(0.5), z.literal(0)]);

/** Some of a decided step's metric labels; null clears one. */
export const ScoresInput = z
  .object({
    cr: ConditionLevel.nullable().optional(),
    pc: ComprehensivenessDims.nullable().optional(),
    supported: z
      .union([z.literal(1), z.literal(0)])
      .nullable()
      .optional(),
  })
  .strict()
  .refine((s) => Object.keys(s).length > 0, "scores: name at least one of cr, pc, supported");

/**
 * One decision on one predicted step (1-based position in the judged workflow): a gold step, unmatched (null), or
 * cleared; or some of its metric labels once it is decided.
 */
export const LabelInput = z.union([
  z.object({
    item: AnnotationId,
    step: z.number().int().min(1),
    gold: z.number().int().nullable(),
    note: Note.default(""),
  }),
  z.object({ item: AnnotationId, step: z.number().int().min(1), clear: z.literal(true) }),
  z.object({ item: AnnotationId, step: z.number().int().min(1), scores: ScoresInput }),
]);

export type LabelInput = z.infer<typeof LabelInput>;

/** One line of a campaign's label export (`labels.jsonl`): who decided what about which run's step. */
export const LabelLine = z.object({
  campaign: AnnotationId,
  annotator: AnnotationId,
  annotator_name: z.string(),
  run: z.string().min(1),
  task: z.string(),
  agent: z.string(),
  /** 1-based position of the predicted step in the judged workflow (personalized, else generic, in item order). */
  step: z.number().int().min(1),
  /** The gold step's item number, or null when the annotator left the predicted step unmatched. */
  gold: z.number().int().nullable(),
  note: Note,
  updated_at: z.string(),
  /** Condition resolution of the matched conditional pair (N.4), comprehensiveness (N.5), factuality of the step. */
  cr: ConditionLevel.nullable().default(null),
  pc: ComprehensivenessDims.nullable().default(null),
  supported: z
    .union([z.literal(1), z.literal(0)])
    .nullable()
    .default(null),
});
export type LabelLine = z.infer<typeof LabelLine>;

export const ImportRequest = z.object({
  jsonl: z.string(),
  /** `replace`: the campaign's labels become exactly the file's; `merge`: the file's lines overwrite matching ones. */
  mode: z.enum(["replace", "merge"]).default("merge"),
});

/** An adjudicator's final decision on a step the annotators disagree on: a gold step, unmatched (null), or cleared. */
export const AdjudicationInput = z.union([
  z.object({
    item: AnnotationId,
    step: z.number().int().min(1),
    gold: z.number().int().nullable(),
    adjudicator: z.string().trim().min(1, "adjudicator: name who decides").max(200),
    note: Note.default(""),
  }),
  z.object({ item: AnnotationId, step: z.number().int().min(1), clear: z.literal(true) }),
]);
export type AdjudicationInput = z.infer<typeof AdjudicationInput>;

/** One line of a campaign's adjudication export (`adjudications.jsonl`): the final decision and what each annotator chose. */
export const AdjudicationLine = z.object({
  campaign: AnnotationId,
  run: z.string(),
  task: z.string(),
  agent: z.string(),
  step: z.number().int().min(1),
  /** The final gold step's item number, or null (unmatched). */
  gold: z.number().int().nullable(),
  adjudicator: z.string(),
  note: Note,
  updated_at: z.string(),
  /** Annotator name → the gold step they chose (null: unmatched). */
  annotators: z.record(z.string(), z.number().int().nullable()),
});
export type AdjudicationLine = z.infer<typeof AdjudicationLine>;
