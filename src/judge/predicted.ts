/** @module The workflow a report answers with (its personalized one, else its generic one), and the steps a judge aligns with the gold. */
import type { Report, ReportStep } from "../core/index.ts";

/** The report's answer: its personalized workflow, else its generic one, as written (the flowchart draws it). */
export function answerWorkflow(report: Pick<Report, "personalized_workflow" | "generic_workflow">): {
  steps: ReportStep[];
  personalized: boolean;
} {
  const personalized = report.personalized_workflow.length > 0;
  return { steps: personalized ? report.personalized_workflow : report.generic_workflow, personalized };
}

/** The predicted steps a judge aligns with the gold: the report's answer in item order. */
export function judgedSteps(report: Report): ReportStep[] {
  return [...answerWorkflow(report).steps].sort((a, b) => a.item - b.item);
}
