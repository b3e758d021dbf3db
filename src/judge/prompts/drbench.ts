/**
 * @module DRBench judge prompts (insight decomposition, insight matching, report quality). The DRBench paper's own prompt
 * texts are not in the spec; these are drflow's, written to its described protocol (atomic insights, six 1–10 dimensions).
 */
import { readPromptFile } from "../../llm/prompt-file.ts";
import type { Candidate } from "../judges/types.ts";
import { fillPaperTemplate } from "./template.ts";

const PROMPTS = readPromptFile(new URL("./drbench.txt", import.meta.url));

export const INSIGHTS_TEMPLATE = PROMPTS.text("drbench.insights");

export const INSIGHT_MATCH_TEMPLATE = PROMPTS.text("drbench.insight_match");

export const REPORT_QUALITY_TEMPLATE = PROMPTS.text("drbench.report_quality");

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
