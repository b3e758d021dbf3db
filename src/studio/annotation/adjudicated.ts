/**
 * @module A campaign's final labels: the annotators' own, with each adjudicated step's decision replaced — for every
 * annotator who decided it — by the adjudicator's. A replaced pair drops its condition and comprehensiveness labels
 * (they were about the old pair, as when an annotator moves a step); factuality is about the step and stays.
 */
import type { AdjudicationRow, LabelRow } from "./store.ts";

export function finalLabels(
  labels: readonly LabelRow[],
  adjudications: readonly AdjudicationRow[],
): LabelRow[] {
  const final = new Map(adjudications.map((a) => [`${a.item_id}\u0000${a.step}`, a.gold_step]));
  return labels.map((l) => {
    const key = `${l.item_id}\u0000${l.step}`;
    if (!final.has(key) || final.get(key) === l.gold_step) return l;
    return { ...l, gold_step: final.get(key)!, cr: null, pc: null };
  });
}
