/**
 * @module DRBench judge prompts (insight decomposition, insight matching, report quality). The DRBench paper's own prompt
 * texts are not in the spec; these are drflow's, written to its described protocol (atomic insights, six 1–10 dimensions).
 */
import type { Candidate } from "../judges/types.ts";
import { fillPaperTemplate } from "./template.ts";

export const INSIGHTS_TEMPLATE = `You are decomposing a research report into atomic insights. The report is given as its numbered claims (sentences, bullets and table rows, in report order). An atomic insight is one self-contained factual statement (a fact, figure, decision, requirement or user-specific detail) that can be checked on its own. Split compound claims; drop boilerplate and pure restatements of the question; keep the report's order; keep each figure with its qualifiers (time period, unit, entity). For each insight give the number of the claim it comes from. ## Research Question {question} ## Report Claims {claims} Return ONLY a valid JSON object (no other text): {{ "insights": [ {{ "text": "<one atomic insight>", "claim": <claim number> }} ] }}`;

export const INSIGHT_MATCH_TEMPLATE = `You are checking whether an insight taken from a research report states one of the reference facts below. It states a fact when it conveys the same specific information (the same entity, number, date, decision or requirement), even in different words; a loosely related topic is not a match. ## Reference Facts {facts} ## Insight {insight} Return ONLY a valid JSON object (no other text): {{ "matched": true or false, "fact_id": "<ID of the reference fact the insight states, e.g. F2, or null if none>", "justification": "<brief explanation>" }}`;

export const REPORT_QUALITY_TEMPLATE = `You are rating the quality of a research report written for the user below. Rate each dimension from 1 (very poor) to 10 (excellent): depth (goes beyond surface facts to specific, well-supported analysis), relevance (answers the research question), persona_consistency (fits the user's role and situation), coherence (well organized, logically connected), non_contradiction (no internal contradictions), completeness (covers what the question needs). ## Research Question {question} ## User {persona} ## Report {report} Return ONLY a valid JSON object (no other text): {{ "depth": <integer 1-10>, "relevance": <integer 1-10>, "persona_consistency": <integer 1-10>, "coherence": <integer 1-10>, "non_contradiction": <integer 1-10>, "completeness": <integer 1-10>, "justification": "<concise explanation>" }}`;

export function insightsPrompt(claims: readonly { text: string }[], question: string): string {
  const numbered = claims.map((c, i) => `${i + 1}. ${c.text}`).join("\n");
  return fillPaperTemplate(INSIGHTS_TEMPLATE, { claims: numbered || "(no claims)", question }, "insights");
}

export function insightMatchPrompt(insight: string, candidates: readonly Candidate[]): string {
  const facts = candidates.map((c) => `- ${c.id}: ${c.text}`).join("\n");
  return fillPaperTemplate(INSIGHT_MATCH_TEMPLATE, { facts, insight }, "insight match");
}

export function reportQualityPrompt(report: string, question: string, persona: string): string {
  return fillPaperTemplate(REPORT_QUALITY_TEMPLATE, { report, question, persona }, "report quality");
}
