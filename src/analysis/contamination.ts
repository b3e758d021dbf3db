/** @module Contaminated steps: steps of a report that cite adjacent-case artifacts (by the manifest's roles), with excerpts. */
import type { Report } from "../core/index.ts";
import { type ResolvedCitation, type RoleOf, resolveCitations } from "./citations.ts";

export type ContaminatedStep = {
  task: string;
  workflow: "generic" | "personalized";
  item: number;
  title: string;
  /** The step's text, shortened to `maxExcerpt` characters. */
  excerpt: string;
  /** The adjacent-case sources it cites. */
  sources: ResolvedCitation[];
  /** All citations of the step, for context. */
  citations: number;
};

function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** The steps of `report` citing at least one adjacent-case artifact (the mixed split's contamination, Table H.3). */
export function contaminatedSteps(
  report: Report,
  roles: RoleOf,
  options: { maxExcerpt?: number } = {},
): ContaminatedStep[] {
  const max = options.maxExcerpt ?? 200;
  const out: ContaminatedStep[] = [];
  for (const workflow of ["generic", "personalized"] as const) {
    const steps = workflow === "generic" ? report.generic_workflow : report.personalized_workflow;
    for (const step of steps) {
      const cited = resolveCitations(report, step, roles);
      const adjacent = cited.filter((c) => c.kind === "adjacent");
      if (adjacent.length === 0) continue;
      out.push({
        task: report.task_id,
        workflow,
        item: step.item,
        title: step.title,
        excerpt: excerpt(`${step.task} ${step.task_description}`.trim() || step.title, max),
        sources: adjacent,
        citations: cited.length,
      });
    }
  }
  return out;
}

/** Share of a report's personalized steps that are contaminated; null when it has no personalized step. */
export function contaminationRate(report: Report, roles: RoleOf): number | null {
  if (report.personalized_workflow.length === 0) return null;
  const bad = contaminatedSteps(report, roles).filter((s) => s.workflow === "personalized").length;
  return bad / report.personalized_workflow.length;
}
