/** @module Case decisions: branch choice with coupled conditions, branch-constrained variables, and policy-term cues. */

import type { CaseProfile } from "./cast.ts";
import { type BranchSpec, COMMON_SLOTS, type FamilySpec } from "./family.ts";
import type { Rng } from "./prng.ts";
import { fill, phrase, sentence } from "./template.ts";
import type { PlacedStep } from "./workflow.ts";

/** Slots of a template that are case variables (not the shared subject, case id, people or date slots). */
export function caseSlots(template: string): Set<string> {
  return new Set(
    [...template.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!).filter((k) => !COMMON_SLOTS.has(k)),
  );
}

/**
 * A colleague's sentence about the case in the user's own terms; with probability `share`, followed by the policy-term
 * reading of it ("…, so the patient has received sedating medication in the last four hours") from the pool.
 */
export function maybeRestated(
  rng: Rng,
  share: number,
  evidence: string,
  when: string,
  forms: readonly string[],
): { text: string; restated: boolean } {
  if (!rng.chance(share)) return { text: sentence(evidence), restated: false };
  return { text: sentence(fill(rng.pick(forms), { evidence: phrase(evidence), when })), restated: true };
}

/** Pick a value, avoiding the values in `avoid` whenever another value is available. */
function pickAvoiding(rng: Rng, values: readonly string[], avoid: readonly (string | undefined)[]): string {
  const others = values.filter((v) => !avoid.includes(v));
  return rng.pick(others.length > 0 ? others : values);
}

/**
 * Draw the case variables that selected branches constrain (an amount above a threshold, a seat count…). With
 * `avoid` (the variables of cases drawn before: the user's, then earlier look-alikes), a look-alike case also re-draws
 * any other variable from `pools` that would repeat one of their values, so cases do not share an invoice number, a
 * room or an amount by accident (when the pool has enough values).
 */
export function constrain(
  c: CaseProfile,
  branches: Iterable<BranchSpec>,
  rng: Rng,
  avoid?: readonly Readonly<Record<string, string>>[],
  pools: Readonly<Record<string, readonly string[]>> = {},
): void {
  const fixed = new Map<string, readonly string[]>();
  for (const b of branches) for (const [key, values] of Object.entries(b.set ?? {})) fixed.set(key, values);
  const taken = (key: string) => (avoid ?? []).map((vars) => vars[key]);
  for (const [key, values] of fixed) c.vars[key] = pickAvoiding(rng, values, taken(key));
  if (!avoid) return;
  for (const [key, values] of Object.entries(pools)) {
    if (!fixed.has(key) && taken(key).includes(c.vars[key]))
      c.vars[key] = pickAvoiding(rng, values, taken(key));
  }
}

/**
 * Draw the variables the family bands by another one (a price for the item drawn), avoiding the values of `avoid`'s
 * cases where the band allows, so a look-alike does not repeat the user's amount by accident. Variables in `own` (a
 * look-alike's question sets them: a subrogation case's water loss) are the case's own and never re-drawn.
 */
export function applyBands(
  c: CaseProfile,
  family: FamilySpec,
  rng: Rng,
  avoid: readonly Readonly<Record<string, string>>[] = [],
  own: ReadonlySet<string> = new Set(),
): void {
  for (const [key, band] of Object.entries(family.bands ?? {})) {
    if (own.has(key)) continue;
    const values = band.values[c.vars[band.by]!];
    if (!values)
      throw new Error(`family ${family.id}: no band of "${key}" for ${band.by} "${c.vars[band.by]}"`);
    c.vars[key] = pickAvoiding(
      rng,
      values,
      avoid.map((v) => v[key]),
    );
  }
}

/**
 * Pick one branch per condition. With `avoidEnds` (the user's case), never a branch that ends the process. A condition that `follows` another takes the branch its leader's branch maps to, so a
 * case never holds facts that contradict each other. With `differFrom`, at least one free decision differs from it.
 */
export function chooseBranches(
  conditional: readonly PlacedStep[],
  rng: Rng,
  differFrom?: ReadonlyMap<string, BranchSpec>,
  avoidEnds = false,
): Map<string, BranchSpec> {
  const out = new Map<string, BranchSpec>();
  const free = conditional.map((p) => p.spec.condition!).filter((c) => !c.follows);
  for (const c of free) {
    const open = avoidEnds ? c.branches.filter((b) => !b.ends) : c.branches;
    out.set(c.id, rng.pick(open));
  }
  if (differFrom && free.length > 0 && free.every((c) => out.get(c.id) === differFrom.get(c.id))) {
    const flip = rng.pick(free);
    out.set(flip.id, flip.branches.find((b) => b !== differFrom.get(flip.id))!);
  }
  for (const p of conditional) {
    const c = p.spec.condition!;
    if (!c.follows) continue;
    const leader = out.get(c.follows.condition);
    const target = leader ? c.follows.branches[leader.id] : undefined;
    const branch = target ? c.branches.find((b) => b.id === target) : rng.pick(c.branches);
    if (!branch)
      throw new Error(
        `condition ${c.id}: follows ${c.follows.condition} but maps to unknown branch "${target}"`,
      );
    out.set(c.id, branch);
  }
  return out;
}
