/** @module Gold workflows from a family: step selection (12–15), prerequisites, conditions, personalization. */
import type { GenericStep, PersonalizedStep } from "../../core/index.ts";
import type { BranchSpec, FamilySpec, StepSpec } from "./family.ts";
import type { Rng } from "./prng.ts";
import { fill, phrase, sentence } from "./template.ts";

export const MIN_STEPS = 12;
export const MAX_STEPS = 15;

/** A selected step with its item number and prerequisite item (0 when none). */
export type PlacedStep = { spec: StepSpec; item: number; prerequisite: number };

/**
 * Keep every required step and a seeded subset of optional ones so the workflow has 12–15 steps, and between
 * `conditional[0]` and `conditional[1]` decisions (a family with more keeps a seeded subset; the other steps stay,
 * unconditional). A family with fewer decisions than the minimum is an error naming it.
 */
export function selectSteps(
  family: FamilySpec,
  rng: Rng,
  conditional: readonly [number, number] = [0, Number.MAX_SAFE_INTEGER],
): PlacedStep[] {
  const required = family.steps.filter((s) => !s.optional).length;
  const optional = family.steps.filter((s) => s.optional);
  const minKeep = Math.max(0, MIN_STEPS - required);
  const maxKeep = Math.min(optional.length, MAX_STEPS - required);
  if (minKeep > maxKeep) {
    throw new Error(
      `family ${family.id}: expected ${MIN_STEPS}-${MAX_STEPS} steps possible, has ${required} required`,
    );
  }
  const kept = new Set(rng.sample(optional, rng.int(minKeep, maxKeep)).map((s) => s.key));
  let chosen = family.steps.filter((s) => !s.optional || kept.has(s.key));
  const decisions = chosen.filter((s) => s.condition);
  if (decisions.length < conditional[0]) {
    throw new Error(
      `family ${family.id}: expected at least ${conditional[0]} conditional steps, has ${decisions.length}`,
    );
  }
  if (decisions.length > conditional[1]) {
    // drop the decisions of a seeded subset, never one that another decision follows
    const led = new Set(
      decisions.flatMap((s) => (s.condition!.follows ? [s.condition!.follows.condition] : [])),
    );
    const droppable = decisions.filter((s) => !s.condition!.follows && !led.has(s.condition!.id));
    const n = decisions.length - rng.int(conditional[0], conditional[1]);
    const dropped = new Set(rng.sample(droppable, Math.min(n, droppable.length)).map((s) => s.key));
    chosen = chosen.map((s) => {
      if (!dropped.has(s.key)) return s;
      const { condition: _dropped, ...rest } = s;
      return rest;
    });
  }
  const itemOf = new Map(chosen.map((s, i) => [s.key, i + 1]));
  return chosen.map((spec, i) => {
    let prerequisite = i; // default: the previous step (0 for the first)
    if (spec.after !== undefined) {
      const surviving = spec.after.map((k) => itemOf.get(k)).filter((n): n is number => n !== undefined);
      prerequisite = spec.after.length === 0 ? 0 : (surviving[0] ?? i);
    }
    return { spec, item: i + 1, prerequisite };
  });
}

export function conditionDescription(spec: StepSpec): string {
  if (!spec.condition) return "";
  const [a, b] = spec.condition.branches;
  return `If ${a.when} → ${phrase(a.action)}; else (${b.when}) → ${phrase(b.action)}`;
}

export function genericSteps(placed: readonly PlacedStep[]): GenericStep[] {
  return placed.map(({ spec, item, prerequisite }) => {
    const pre = placed[prerequisite - 1];
    return {
      item,
      title: spec.title,
      task: spec.task,
      task_description: spec.description,
      condition_description: conditionDescription(spec),
      prerequisite: pre ? String(pre.item) : "",
      prerequisite_description: pre ? `Step ${pre.item} (${pre.spec.title}) must be complete first.` : "",
      condition: spec.condition
        ? {
            id: spec.condition.id,
            question: spec.condition.question,
            // biome-ignore lint/suspicious/noThenProperty: the core Branch schema names a branch's outcome "then".
            branches: spec.condition.branches.map((b) => ({ id: b.id, when: b.when, then: b.action })),
          }
        : null,
    };
  });
}

/** Gold personalized steps: same inventory, the user's case details, resolved branches and a justification each. */
export function personalizedSteps(
  placed: readonly PlacedStep[],
  generic: readonly GenericStep[],
  chosen: ReadonlyMap<string, BranchSpec>,
  vars: Readonly<Record<string, string>>,
  sources: {
    stepDoc: ReadonlyMap<number, string>;
    conditionSource: ReadonlyMap<string, string>;
    /** Step item → the user artifact whose case facts personalize it. */
    factSource?: ReadonlyMap<number, string>;
  },
): PersonalizedStep[] {
  return placed.map(({ spec }, i) => {
    const g = generic[i]!;
    const doc = sources.stepDoc.get(g.item) ?? "the company policy";
    const anchor = `${vars.subject_ref} (${vars.case_id})`;
    const description = spec.personal
      ? sentence(fill(spec.personal, vars))
      : `${g.task_description} Applies to ${anchor}.`;
    if (!spec.condition) {
      return {
        ...stripCondition(g),
        task: `${g.task} for ${anchor}`,
        task_description: description,
        answer: "",
        resolved_branch: null,
        justification: sources.factSource?.has(g.item)
          ? `"${doc}" requires this step for every case; ${sources.factSource.get(g.item)} gives the details of ${anchor}.`
          : `"${doc}" requires this step for every case; it applies unchanged to ${anchor}.`,
      };
    }
    const branch = chosen.get(spec.condition.id)!;
    const answer = sentence(fill(branch.answer, vars));
    return {
      ...stripCondition(g),
      task: phrase(answer),
      task_description: `${answer} ${description}`,
      condition_description: "",
      answer,
      resolved_branch: branch.id,
      justification: `${sources.conditionSource.get(spec.condition.id) ?? "The user's evidence"} shows that ${fill(branch.when, vars)}, which selects "${phrase(branch.action)}" under "${doc}".`,
    };
  });
}

function stripCondition(g: GenericStep) {
  const { condition: _condition, ...rest } = g;
  return rest;
}
