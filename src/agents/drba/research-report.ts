/**
 * @module DRBA's DRBench report mode: one structured call over the session's evidence → insights with `src_N`
 * citations, checked against the citation registry (unknown keys dropped and noted), rendered as a research-form
 * Report whose findings cite `[DOC:src_N]` and whose references keep web sources (URLs) like any other.
 */
import { z } from "zod";
import type { Report } from "../../core/index.ts";
import { renderResearchReport } from "../prompts/drba.ts";
import type { ResearchContext } from "../shared/context.ts";
import { askJson } from "../shared/llm.ts";
import { type EvidencePiece, renderSources } from "../shared/sources.ts";

export const RESEARCH_REPORT_STAGE = "report_writing";

export const ResearchReportReply = z.object({
  summary: z.string().default(""),
  insights: z
    .array(z.object({ text: z.string().min(1), citations: z.array(z.coerce.string()).default([]) }))
    .default([]),
});

export async function writeResearchReport(
  rc: ResearchContext,
  pieces: readonly EvidencePiece[],
  budgetChars: number,
): Promise<Report> {
  const sources = renderSources(rc.registry, pieces, budgetChars);
  const user = rc.env.user;
  const reply = await askJson(rc, {
    stage: RESEARCH_REPORT_STAGE,
    prompt: renderResearchReport({
      question: rc.question,
      subquestions: rc.env.subquestions ?? [],
      user: `${user.name} <${user.email}>`,
      sourcesReference: sources.sourcesReference,
      findingsText: sources.findingsText,
    }),
    schema: ResearchReportReply,
    schemaName: "research_report",
    template: "DRBA research report",
  });
  if (!reply) throw new Error("DRBA research report: the model's reply could not be used (see the trace)");
  const cited = new Set<string>();
  const dropped = new Set<string>();
  const lines = reply.insights.map((insight) => {
    const keys = insight.citations.map((c) => c.replace(/^\[?(?:DOC:)?|\]$/g, "").trim());
    const known = keys.map((k) => rc.registry.resolve(k)?.key ?? null);
    for (const [i, k] of keys.entries()) {
      if (known[i]) cited.add(known[i]!);
      else dropped.add(k);
    }
    const markers = [...new Set(known.filter((k): k is string => k !== null))]
      .map((k) => `[DOC:${k}]`)
      .join(" ");
    return `- ${insight.text.trim()}${markers ? ` ${markers}` : ""}`;
  });
  if (dropped.size > 0)
    rc.tracer.note(`citations dropped (no registered source): ${[...dropped].join(", ")}`);
  return {
    task_id: rc.env.taskId,
    question: rc.question,
    form: "research",
    executive_summary: reply.summary.trim(),
    generic_workflow: [],
    condition_resolution: [],
    personalized_workflow: [],
    references: rc.registry.references(cited),
    findings: lines.join("\n"),
  };
}
