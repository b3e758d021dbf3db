/** @module Recall: the share of golden steps covered one-to-one by a predicted step (N.2, confidence ≥ the judge's recall bar). */
import { oneToOne } from "../alignment/one-to-one.ts";
import { goldStepId } from "../gold.ts";
import { alignmentItems } from "./alignment-items.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric } from "./types.ts";

export const recall: Metric = {
  name: "recall",
  dependsOn: [],
  async run({ judge, predicted, gold, state }) {
    const batch = await judge.alignRecall(gold, predicted);
    const alignment = oneToOne(batch.decisions, judge.bars.recall);
    state.recall = alignment;
    const items = alignmentItems(alignment, goldStepId, predStepId);
    return itemsResult("recall", items, judge.info("recall"), batch.tokens);
  },
};
