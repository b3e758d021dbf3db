/** @module Precision: the share of predicted steps aligned one-to-one to a golden step (N.1, confidence ≥ the judge's precision bar). */
import { oneToOne } from "../alignment/one-to-one.ts";
import { goldStepId } from "../gold.ts";
import { alignmentItems } from "./alignment-items.ts";
import { needsWorkflow } from "./applicability.ts";
import { itemsResult, type Metric, meanScore } from "./types.ts";

export const predStepId = (item: number) => `PRED_STEP_${item}`;

export const precision: Metric = {
  name: "precision",
  label: { short: "Prec.", long: "Precision" },
  kinds: ["drflow"],
  decisions: ["precision"],
  dependsOn: [],
  notApplicable: needsWorkflow,
  async run({ judge, predicted, gold, state }) {
    const batch = await judge.alignPrecision(predicted, gold);
    const alignment = oneToOne(batch.decisions, judge.bars.precision);
    state.precision = alignment;
    const items = alignmentItems(alignment, predStepId, goldStepId);
    // Predicting nothing is a real outcome (precision 0), unlike replies that could not be read (unscored).
    const value = predicted.length === 0 ? 0 : meanScore(items);
    return itemsResult("precision", items, judge.info("precision"), batch.tokens, value);
  },
};
