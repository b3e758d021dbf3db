/** @module Mermaid flowcharts of a workflow: generic (decision diamonds with labelled branches) and personalized (the resolved path). */
import type { Condition, Report, WorkflowStep } from "../../core/index.ts";
import { answerWorkflow } from "../predicted.ts";
import { parseConditionText, type TextBranch } from "./condition-text.ts";

export type FlowchartStep = WorkflowStep & { condition?: Condition | null };
export type FlowchartOptions = { personalized: boolean };

const MAX_LABEL = 80;

/** A label safe inside `["…"]` and `|"…"|`: no quotes, brackets, pipes or line breaks. */
function label(text: string): string {
  const clean = text
    .replace(/\[DOC:[^\]]*\]/g, "")
    .replace(/["`|[\]{}<>#;]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > MAX_LABEL ? `${clean.slice(0, MAX_LABEL - 1).trimEnd()}…` : clean || "step";
}

function branchesOf(step: FlowchartStep, personalized: boolean): TextBranch[] {
  // A personalized step keeps its condition text only while it is unresolved.
  if (step.condition && !personalized)
    return step.condition.branches.map((b) => ({ when: b.when, action: b.then }));
  if (!step.condition_description.trim()) return [];
  return parseConditionText(step.condition_description);
}

/**
 * `graph TD` text: steps in item order linked by arrows. In the generic chart every conditional step
 * leads to a decision diamond whose labelled edges go to one node per branch and rejoin at the next step.
 * In the personalized chart a step with an empty condition is a straight arrow (its branch is resolved);
 * diamonds remain only where the condition text was kept (unresolved).
 */
export function workflowFlowchart(steps: readonly FlowchartStep[], options: FlowchartOptions): string {
  const ordered = [...steps].sort((a, b) => a.item - b.item);
  const lines = ["graph TD"];
  const node = (i: number) => `S${ordered[i]!.item}`;
  ordered.forEach((step, i) => {
    lines.push(`  ${node(i)}["${step.item}. ${label(step.title)}"]`);
  });
  ordered.forEach((step, i) => {
    const next = i + 1 < ordered.length ? node(i + 1) : null;
    const branches = branchesOf(step, options.personalized);
    if (branches.length === 0) {
      if (next) lines.push(`  ${node(i)} --> ${next}`);
      return;
    }
    const decision = `D${step.item}`;
    const asked = step.condition?.question ?? `${step.title}?`;
    const question = options.personalized ? `Unresolved: ${asked}` : asked;
    lines.push(`  ${node(i)} --> ${decision}{"${label(question)}"}`);
    branches.forEach((b, j) => {
      const target = `B${step.item}_${j + 1}`;
      lines.push(`  ${decision} -->|"${label(b.when)}"| ${target}["${label(b.action || b.when)}"]`);
      if (next) lines.push(`  ${target} --> ${next}`);
    });
    if (branches.length === 1 && next) lines.push(`  ${decision} -->|"otherwise"| ${next}`);
  });
  return lines.join("\n");
}

/** Mermaid source of a report's personalized workflow (resolved path), or its generic one if it has none. */
export function reportFlowchart(report: Pick<Report, "personalized_workflow" | "generic_workflow">): string {
  const { steps, personalized } = answerWorkflow(report);
  return workflowFlowchart(steps, { personalized });
}
