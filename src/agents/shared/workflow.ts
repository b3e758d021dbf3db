/** @module Workflow generation (Appendix J.8): the J.9 prompt over the registered sources, then grounding of the report. */
import type { Persona } from "../../core/index.ts";
import { parseReportMarkdown } from "../../judge/report/parse.ts";
import { renderWorkflowPrediction } from "../prompts/workflow-prediction.ts";
import type { ResearchContext } from "./context.ts";
import { askText } from "./llm.ts";
import { type FinalReport, finalizeReport } from "./report.ts";
import { type EvidencePiece, renderSources, type WholeDocuments } from "./sources.ts";

export const WORKFLOW_STAGE = "workflow_generation";

/** J.9's persona block: who the user is, from the task's persona (the paper's Figure 4 gives DRFA the persona). */
export function personaBlock(user: Persona): string {
  return `${user.name} <${user.email}>, ${user.role}: ${user.role_description}`;
}

/** Why a J.9 reply is not a report (null when it is): empty, or no workflow step could be read from it. */
export function reportProblem(text: string, taskId: string): string | null {
  if (!text.trim()) return "the reply is empty";
  const { report } = parseReportMarkdown(text, { taskId });
  if (report.generic_workflow.length === 0 && report.personalized_workflow.length === 0)
    return "no workflow step could be read from it (expected numbered steps under Generic Workflow and Personalized Workflow)";
  return null;
}

/** Ask the model for the report over the given evidence and ground the answer; repairs and problems go to the trace. */
export async function generateWorkflow(
  rc: ResearchContext,
  pieces: readonly EvidencePiece[],
  budgetChars: number,
  options: { whole?: WholeDocuments | false } = {},
): Promise<FinalReport & { markdown: string }> {
  const found = rc.findings.all();
  const sources = renderSources(
    rc.registry,
    pieces,
    budgetChars,
    { passages: found.length, documents: new Set(found.map((f) => f.hit.documentId)).size },
    options.whole,
  );
  const prompt = renderWorkflowPrediction({
    persona: personaBlock(rc.env.user),
    originalQuestion: rc.question,
    // The paper's template runs these slots inline; each block goes on lines of its own.
    docIdsBlock: `\n${sources.docIdsBlock}\n`,
    findingsText: `\n${sources.findingsText}\n`,
    sourcesReference: `\n${sources.sourcesReference}\n`,
  });
  const markdown = await askText(rc, {
    stage: WORKFLOW_STAGE,
    prompt,
    template: "J.9",
    check: (text) => reportProblem(text, rc.env.taskId),
  });
  const final = await finalizeReport(
    markdown,
    { taskId: rc.env.taskId, question: rc.question },
    rc.registry,
    rc.findings,
  );
  // J.9 asks the model to leave References blank (they are generated here), so their absence is no problem.
  const problems = final.parseProblems.filter((p) => !p.startsWith("references"));
  if (problems.length > 0) rc.tracer.note(`report parse: ${problems.join("; ")}`);
  if (final.dropped.length > 0)
    rc.tracer.note(`citations dropped (no registered internal source): ${final.dropped.join(", ")}`);
  for (const r of final.repairs) {
    rc.tracer.note(
      `citation repair: ${r.section} step ${r.item} +[${r.added.join(", ")}]${r.justified ? ", justification written from evidence" : ""}`,
    );
  }
  for (const p of final.problems)
    rc.tracer.note(`citation validation: ${p.section} step ${p.item}: ${p.message}`);
  return { ...final, markdown };
}
