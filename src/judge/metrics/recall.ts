/** @module Recall: the share of golden steps covered one-to-one by a predicted step (N.2, confidence ≥ the judge's recall bar). */
import { oneToOne } from "../alignment/one-to-one.ts";
import { goldStepId } from "../gold.ts";
import { alignmentItems } from "./alignment-items.ts";
import { needsWorkflow } from "./applicability.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric } from "./types.ts";

export const recall: Metric = {
  name: "recall",
  label: { short: "Recall", long: "Recall" },
  kinds: ["drflow"],
  decisions: ["recall"],
  dependsOn: [],
  notApplicable: needsWorkflow,
  async run({ judge, predicted, gold, state }) {
    // Nothing predicted covers nothing: every golden step scores 0 without asking the judge.
    if (predicted.length === 0) {
      state.recall = { pairs: [], outcomes: new Map(gold.map((g) => [g.item, "no_match"])), decisions: [] };
      const items = gold.map((g) => ({
        id: goldStepId(g.item),
        score: 0,
        matched: null,
        confidence: null,
        justification: "[no_match] the report predicts no step",
      }));
      return itemsResult("recall", items, judge.info("recall"), 0);
    }
    const batch = await judge.alignRecall(gold, predicted);
    const alignment = oneToOne(batch.decisions, judge.bars.recall);
    state.recall = alignment;
    const items = alignmentItems(alignment, goldStepId, predStepId);
    return itemsResult("recall", items, judge.info("recall"), batch.tokens);
  },
};
