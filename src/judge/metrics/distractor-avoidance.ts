/** @module DRBench distractor avoidance: 1 − the share of distractor facts stated by the report's first gold + 5 insights. */
import { needsDistractors } from "./applicability.ts";
import { distractorUnits, unitMetric } from "./insight-matching.ts";

// Each distractor scores 1 when avoided, 0 when the report states it: the mean is 1 − distractor recall.
export const distractorAvoidance = unitMetric(
  {
    name: "distractor_avoidance",
    label: { short: "Distr. Avoid.", long: "Distractor Avoidance" },
    notApplicable: needsDistractors,
  },
  distractorUnits,
  0,
);
