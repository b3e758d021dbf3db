/**
 * @module Personalized comprehensiveness (N.5): on precision-matched pairs, the mean of specificity, personalization,
 * completeness, actionability. A report with no matched pair scores 0 (unscored only when precision could not be read).
 * The judge sees the task's case evidence, so it credits only the user's specifics that belong to the aligned step.
 */
import type { MetricItem } from "../../core/index.ts";
import { caseEvidence } from "../case-evidence.ts";
import { goldStepId } from "../gold.ts";
import { needsWorkflow } from "./applicability.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric } from "./types.ts";

export const personalizedComprehensiveness: Metric = {
  name: "personalized_comprehensiveness",
  label: { short: "Pers. Comp.", long: "Personalized Comprehensiveness" },
  kinds: ["drflow"],
  decisions: ["personalized_comprehensiveness", "precision"],
  dependsOn: ["precision"],
  notApplicable: needsWorkflow,
  async run({ judge, predicted, gold, state, task }) {
    const cases = caseEvidence(task);
    const byPred = new Map(predicted.map((p) => [p.item, p]));
    const byGold = new Map(gold.map((g) => [g.item, g]));
    const pairs = (state.precision?.pairs ?? []).map((pair) => ({
      pred: byPred.get(pair.source)!,
      gold: byGold.get(pair.target)!,
    }));
    // Every aligned pair goes to the judge at once (one call each, concurrently, or one batch).
    const { verdicts, tokens } = await judge.comprehensiveness(pairs, cases);
    const items = pairs.map(({ pred, gold: g }, i): MetricItem => {
      const { value: v, justification } = verdicts[i]!;
      const score =
        v === null ? null : (v.specificity + v.personalization + v.completeness + v.actionability) / 4;
      const missing = v?.missing_details.length
        ? `; missing: ${v.missing_details.slice(0, 6).join(", ")}`
        : "";
      return {
        id: predStepId(pred.item),
        score,
        matched: goldStepId(g.item),
        confidence: null,
        justification: v === null ? `unscored: ${justification}` : `${justification}${missing}`,
        // The lexical judge explains itself; an LLM judge's reply names the details it found missing.
        ...(v ? { evidence: v.evidence ?? { missing: v.missing_details } } : {}),
      };
    });
    const unread = [...(state.precision?.outcomes.values() ?? [])].includes("unscored");
    return itemsResult(
      "personalized_comprehensiveness",
      items,
      judge.info("personalized_comprehensiveness"),
      tokens,
      items.length === 0 ? (unread ? null : 0) : undefined,
    );
  },
};
