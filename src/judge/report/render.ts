/** @module Render a Report as the paper's report Markdown (J.9): summary, generic workflow, flowcharts, condition table, personalized workflow, references. */
import type { Report, ReportStep } from "../../core/index.ts";
import { appendCitations } from "./citations.ts";
import { workflowFlowchart } from "./flowchart.ts";

export const REPORT_TITLE = "# Research Report: Personalized Workflow Analysis";
export const CONDITION_TABLE_HEADER = [
  "Generic Condition (from subtask_description above)",
  "User Evidence Found",
  "Resolution",
] as const;

/** A step as the paper's JSON block spells it: `condition_description` is written `subtask_description`. */
export function stepToPaperJson(step: ReportStep, personalized: boolean): Record<string, unknown> {
  const json: Record<string, unknown> = {
    item: step.item,
    title: step.title,
    task: step.task,
    task_description: step.task_description,
    subtask_description: step.condition_description,
    prerequisite: step.prerequisite,
    prerequisite_description: step.prerequisite_description,
  };
  if (personalized || step.justification) json.justification = step.justification;
  json.citations = step.citations;
  return json;
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}

function jsonBlock(steps: readonly ReportStep[], personalized: boolean): string {
  return [
    "```json",
    JSON.stringify(
      steps.map((s) => stepToPaperJson(s, personalized)),
      null,
      2,
    ),
    "```",
  ].join("\n");
}

function mermaidBlock(steps: readonly ReportStep[], personalized: boolean): string {
  return ["```mermaid", workflowFlowchart(steps, { personalized }), "```"].join("\n");
}

function conditionTable(report: Report): string {
  const rows = report.condition_resolution.map(
    (r) =>
      `| ${cell(r.condition)} | ${cell(appendCitations(r.evidence, r.citations))} | ${cell(r.resolution)} |`,
  );
  return [`| ${CONDITION_TABLE_HEADER.join(" | ")} |`, "|---|---|---|", ...rows].join("\n");
}

function referenceLine(ref: Report["references"][number]): string {
  const where = [ref.app, ref.path].filter(Boolean).join(": ");
  const title = ref.title ? ` — ${ref.title.replace(/\r?\n/g, " ")}` : "";
  return `- [${ref.key}] \`${ref.source_id}\`${title}${where ? ` (${where})` : ""}`;
}

/** A research-form report (DRBench): the question as title, summary, findings as written, references. */
function renderResearchMarkdown(report: Report): string {
  return [
    `# ${(report.question || "Research Report").replace(/\r?\n/g, " ")}`,
    "",
    `**Task:** ${report.task_id}`,
    "",
    "## Executive Summary",
    "",
    report.executive_summary,
    "",
    "## Findings",
    "",
    report.findings,
    "",
    "## References",
    "",
    ...report.references.map(referenceLine),
    "",
  ].join("\n");
}

/** The report as Markdown; `parseReportMarkdown` reads it back to an equal Report. */
export function renderReportMarkdown(report: Report): string {
  if (report.form === "research") return renderResearchMarkdown(report);
  const parts = [
    REPORT_TITLE,
    "",
    `**Task:** ${report.task_id}`,
    ...(report.question ? [`**Question:** ${report.question.replace(/\r?\n/g, " ")}`] : []),
    "",
    "## Executive Summary",
    "",
    report.executive_summary,
    "",
    "## 1. Generic Enterprise Workflow",
    "",
    "### Generic Workflow Steps",
    "",
    jsonBlock(report.generic_workflow, false),
    "",
    "### Generic Flowchart",
    "",
    mermaidBlock(report.generic_workflow, false),
    "",
    "## 2. Personalized Recommended Workflow",
    "",
    "### Condition Resolution Table",
    "",
    conditionTable(report),
    "",
    "### Personalized Workflow Steps",
    "",
    jsonBlock(report.personalized_workflow, true),
    "",
    "### Personalized Flowchart",
    "",
    mermaidBlock(report.personalized_workflow, true),
    "",
  ];
  if (report.findings) parts.push("## Findings", "", report.findings, "");
  parts.push("## References", "", ...report.references.map(referenceLine), "");
  return parts.join("\n");
}
