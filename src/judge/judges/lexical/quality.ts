/**
 * @module The lexical judge's report-quality proxies for free-form (DRBench-style) reports, on DRBench's five criteria.
 * Only claims that say something beyond the question count, read as DRBench reads a report's insights: its first
 * gold + 5 (`considered`); a claim is on topic when it shares a question term other than the company's name. Pasting
 * every sentence of the sources puts their openings first and runs far past what is read, so it dilutes depth,
 * relevance and conciseness instead of raising them. Each on 1–10:
 * - depth and quality: the share of claims that are on topic and carry a figure, and their length;
 * - relevance: question terms covered by on-topic claims, and the share of claims on topic;
 * - persona consistency: the persona's terms (role, responsibilities) covered by on-topic claims;
 * - coherence and conciseness: claims under section headings, the number of sections, and the share of claims on
 *   topic and not repeated, times how far the report stays within what is read;
 * - contradictions (proxy): claims not repeated with different figures or words.
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
  company = "",
  /** How many insights DRBench reads of a report (gold + 5): the claims the criteria are read over. */
  considered = Number.POSITIVE_INFINITY,
): Verdict<QualityDimensions> {
  const all = substantiveClaims(reading.claims, question);
  // DRBench reads the first gold + 5 insights of a report: the criteria look at those claims, and conciseness at how
  // far the report runs past them.
  const claims = all.slice(0, considered);
  const concise = all.length === 0 ? 1 : Math.min(1, considered / all.length);
  const name = new Set(terms(company));
  const topic = new Set(terms(question).filter((t) => !name.has(t)));
  const relevant = claims.filter((c) => terms(c.text).some((t) => topic.has(t)));
  const share = <T>(xs: readonly T[], pred: (x: T) => boolean) =>
    xs.length === 0 ? 0 : xs.filter(pred).length / xs.length;
  const cover = (text: string, over: typeof claims) => {
    const have = new Set(over.flatMap((c) => terms(c.text)));
    const t = [...new Set(terms(text))];
    return t.length === 0 ? 1 : t.filter((x) => have.has(x)).length / t.length;
  };
  const avgTerms =
    relevant.length === 0 ? 0 : relevant.reduce((s, c) => s + terms(c.text).length, 0) / relevant.length;
  const sections = new Set(claims.map((c) => c.section).filter(Boolean)).size;
  const keys = claims.map((c) => terms(c.text, { keepNumbers: true }).join(" "));
  const repeated = claims.length === 0 ? 1 : (claims.length - new Set(keys).size) / claims.length;
  const onTopic = share(claims, (c) => relevant.includes(c));
  const value: QualityDimensions = {
    depth: scale(
      0.6 * share(claims, (c) => relevant.includes(c) && figures(c.text).length > 0) +
        0.4 * Math.min(1, avgTerms / 12),
    ),
    relevance: scale(0.5 * cover([...topic].join(" "), relevant) + 0.5 * onTopic),
    persona_consistency: scale(cover(persona.replace(/^[^,]*,/, ""), relevant)),
    coherence: scale(
      0.25 * share(claims, (c) => c.section !== "") +
        0.25 * Math.min(1, sections / 3) +
        0.5 * onTopic * (1 - repeated) * concise,
    ),
    non_contradiction: scale(1 - repeated),
  };

  return {
    value,
    justification: `lexical proxies over the first ${claims.length} of ${all.length} claims beyond the question (${relevant.length} on its topic, ${reading.claims.length - claims.length} restating it), ${sections} sections`,
    tokens: 0,
  };
}
