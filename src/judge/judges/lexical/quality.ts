/**
 * @module The lexical judge's report-quality proxies for free-form (DRBench-style) reports, over the claims that say
 * something beyond the question: specifics per claim (depth), question coverage (relevance), persona coverage, sections
 * (coherence), repeated claims (non-contradiction's proxy), cited claims (completeness of support). Each on 1–10.
 */
import { figures } from "../../../core/index.ts";
import { type ReadReport, substantiveClaims } from "../../reading/report.ts";
import type { QualityDimensions, Verdict } from "../types.ts";
import { terms } from "./terms.ts";

const scale = (share: number) => Math.round((1 + 9 * Math.max(0, Math.min(1, share))) * 100) / 100;

export function freeformQuality(
  reading: ReadReport,
  question: string,
  persona: string,
): Verdict<QualityDimensions> {
  const claims = substantiveClaims(reading.claims, question);
  const n = claims.length;
  const have = new Set(claims.flatMap((c) => terms(c.text)));
  const cover = (text: string) => {
    const t = [...new Set(terms(text))];
    return t.length === 0 ? 1 : t.filter((x) => have.has(x)).length / t.length;
  };
  const share = (pred: (c: (typeof claims)[number]) => boolean) =>
    n === 0 ? 0 : claims.filter(pred).length / n;
  const avgTerms = n === 0 ? 0 : claims.reduce((s, c) => s + terms(c.text).length, 0) / n;
  const sections = new Set(claims.map((c) => c.section).filter(Boolean)).size;
  const keys = claims.map((c) => terms(c.text, { keepNumbers: true }).join(" "));
  const repeated = n === 0 ? 0 : (n - new Set(keys).size) / n;
  const value: QualityDimensions = {
    depth: scale(0.6 * share((c) => figures(c.text).length > 0) + 0.4 * Math.min(1, avgTerms / 12)),
    relevance: scale(n === 0 ? 0 : cover(question)),
    persona_consistency: scale(n === 0 ? 0 : cover(persona)),
    coherence: scale(0.5 * share((c) => c.section !== "") + 0.5 * Math.min(1, sections / 3)),
    non_contradiction: scale(n === 0 ? 0 : 1 - repeated),
    completeness: scale(share((c) => c.citations.length > 0)),
  };
  return {
    value,
    justification: `lexical proxies over ${n} claims beyond the question (${reading.claims.length - n} restating it), ${sections} sections`,
    tokens: 0,
  };
}
