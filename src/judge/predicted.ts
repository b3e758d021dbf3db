/** @module The predicted steps a judge aligns with the gold: the report's personalized workflow, else its generic one, in item order. */
import type { Report, ReportStep } from "../core/index.ts";

export function judgedSteps(report: Report): ReportStep[] {
  const steps =
    report.personalized_workflow.length > 0 ? report.personalized_workflow : report.generic_workflow;
  return [...steps].sort((a, b) => a.item - b.item);
}
