/** @module One-to-one constraint over directed alignment decisions: keep the strongest alignment per target, above the confidence bar. */
import type { AlignmentDecision } from "../judges/types.ts";

export type AlignedPair = { source: number; target: number; confidence: number };

/** Why a decision did or did not become an alignment. */
export type DecisionOutcome = "aligned" | "no_match" | "below_bar" | "taken" | "unscored";

export type Alignment = {
  pairs: AlignedPair[];
  outcomes: Map<number, DecisionOutcome>;
  decisions: AlignmentDecision[];
};

/**
 * Decisions sorted by confidence (highest first, ties by source order) claim their target in turn; a target already
 * claimed is lost to the weaker decision ("taken"). Decisions under `bar` never align ("below_bar").
 */
export function oneToOne(decisions: readonly AlignmentDecision[], bar: number): Alignment {
  const outcomes = new Map<number, DecisionOutcome>();
  const candidates: AlignmentDecision[] = [];
  for (const d of decisions) {
    if (d.unscored) outcomes.set(d.source, "unscored");
    else if (d.target === null) outcomes.set(d.source, "no_match");
    else if ((d.confidence ?? 0) < bar) outcomes.set(d.source, "below_bar");
    else candidates.push(d);
  }
  const order = new Map(decisions.map((d, i) => [d.source, i]));
  candidates.sort(
    (a, b) => (b.confidence ?? 0) - (a.confidence ?? 0) || order.get(a.source)! - order.get(b.source)!,
  );
  const taken = new Set<number>();
  const pairs: AlignedPair[] = [];
  for (const d of candidates) {
    if (taken.has(d.target!)) {
      outcomes.set(d.source, "taken");
      continue;
    }
    taken.add(d.target!);
    pairs.push({ source: d.source, target: d.target!, confidence: d.confidence ?? 0 });
    outcomes.set(d.source, "aligned");
  }
  pairs.sort((a, b) => order.get(a.source)! - order.get(b.source)!);
  return { pairs, outcomes, decisions: [...decisions] };
}
