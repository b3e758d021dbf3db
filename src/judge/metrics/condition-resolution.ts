/**
 * @module Condition resolution (N.4): on golden steps with conditions, 1 / 0.5 / 0 for the step precision matched to
 * it, 0 when none — unless the precision alignment has unscored decisions (a judge failure): then "no match" is not
 * known, and the unmatched step is unscored rather than 0.
 */
import type { MetricItem } from "../../core/index.ts";
import { caseEvidence } from "../case-evidence.ts";
import type { StepPair } from "../judges/types.ts";
import { needsCondition, needsWorkflow } from "./applicability.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric } from "./types.ts";

export const conditionResolution: Metric = {
  name: "condition_resolution",
  label: { short: "Cond. Res.", long: "Condition Resolution" },
  kinds: ["drflow"],
  decisions: ["condition_resolution", "precision"],
  dependsOn: ["precision"],
  notApplicable: (ctx) => needsWorkflow(ctx) ?? needsCondition(ctx),
  async run({ judge, predicted, gold, state, task }) {
    const predOf = new Map((state.precision?.pairs ?? []).map((p) => [p.target, p.source]));
    const byItem = new Map(predicted.map((p) => [p.item, p]));
    const unscoredAlignments = (state.precision?.decisions ?? []).filter((d) => d.unscored).length;
    const conditional = gold.filter((s) => s.condition !== null || s.condition_description.trim() !== "");
    const pairs: StepPair[] = [];
    for (const g of conditional) {
      const predItem = predOf.get(g.item);
      const pred = predItem === undefined ? undefined : byItem.get(predItem);
      if (pred) pairs.push({ gold: g, pred });
    }
    // Every matched pair goes to the judge at once (one call each, concurrently, or one batch).
    const { verdicts, tokens } = await judge.resolveConditions(pairs, caseEvidence(task));
    const judged = new Map(pairs.map((p, i) => [p.gold.item, { pred: p.pred, verdict: verdicts[i]! }]));
    const items = conditional.map((g): MetricItem => {
      const pair = judged.get(g.item);
      if (!pair)
        return {
          id: g.id,
          score: unscoredAlignments > 0 ? null : 0,
          matched: null,
          confidence: null,
          justification:
            unscoredAlignments > 0
              ? `unscored: the precision alignment left ${unscoredAlignments} predicted step(s) unscored, so whether one matches this step is unknown`
              : "no predicted step matched by precision",
        };
      const { value, justification } = pair.verdict;
      return {
        id: g.id,
        score: value,
        matched: predStepId(pair.pred.item),
        confidence: null,
        justification: value === null ? `unscored: ${justification}` : justification,
      };
    });
    return itemsResult("condition_resolution", items, judge.info("condition_resolution"), tokens);
  },
};
