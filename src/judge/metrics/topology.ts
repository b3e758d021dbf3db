/**
 * @module Topology ordering: the share of concordant pairs among the steps aligned by precision (the paper's rule). A
 * report that aligns fewer than two steps shows no order at all: 0, not "not applicable" (which only the task decides);
 * unscored when precision decisions could not be read and fewer than two pairs survived.
 */
import type { MetricItem } from "../../core/index.ts";
import { goldStepId } from "../gold.ts";
import { needsTwoSteps, needsWorkflow } from "./applicability.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric } from "./types.ts";

export const topology: Metric = {
  name: "topology",
  label: { short: "Topo.", long: "Topology" },
  kinds: ["drflow"],
  decisions: ["precision"],
  dependsOn: ["precision"],
  notApplicable: (ctx) => needsWorkflow(ctx) ?? needsTwoSteps(ctx),
  async run({ judge, predicted, state }) {
    const pairs = state.precision?.pairs ?? [];
    const position = new Map(predicted.map((p, i) => [p.item, i]));
    const items: MetricItem[] = [];
    for (let a = 0; a < pairs.length; a++) {
      for (let b = a + 1; b < pairs.length; b++) {
        const x = pairs[a]!;
        const y = pairs[b]!;
        const predOrder = Math.sign(position.get(y.source)! - position.get(x.source)!);
        const goldOrder = Math.sign(y.target - x.target);
        const concordant = predOrder === goldOrder;
        items.push({
          id: `${predStepId(x.source)}~${predStepId(y.source)}`,
          score: concordant ? 1 : 0,
          matched: `${goldStepId(x.target)}~${goldStepId(y.target)}`,
          confidence: null,
          justification: concordant
            ? "same relative order"
            : "order reversed relative to the golden workflow",
        });
      }
    }
    const unread = [...(state.precision?.outcomes.values() ?? [])].includes("unscored");
    const value =
      items.length > 0 ? items.filter((i) => i.score === 1).length / items.length : unread ? null : 0;
    if (items.length === 0 && value === 0)
      items.push({
        id: "report",
        score: 0,
        matched: null,
        confidence: null,
        justification: `${pairs.length} predicted step${pairs.length === 1 ? "" : "s"} aligned: no order to credit`,
      });
    return itemsResult("topology", items, judge.info("precision"), 0, value);
  },
};
