/**
 * @module The lexical judge's report-quality proxies for free-form (DRBench-style) reports. Only claims that say
 * something beyond the question count, and the question-bound dimensions look at the *relevant* ones — claims sharing a
 * question term other than the company's name — so a report padded with off-topic facts does not score as deep or
 * complete. Each dimension on 1–10:
 * - depth: relevant claims carrying a figure, and their length;
 * - relevance: question terms covered by relevant claims, and the share of claims that are relevant;
 * - persona consistency: the persona's terms (role, responsibilities) covered;
 * - coherence: claims under section headings, and the number of sections;
 * - non-contradiction (proxy): claims not repeated;
 * - completeness: relevant claims with a citation, scaled by how many there are (8 or more: full).
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
): Verdict<QualityDimensions> {
  const claims = substantiveClaims(reading.claims, question);
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
  const value: QualityDimensions = {
    depth: scale(0.6 * share(relevant, (c) => figures(c.text).length > 0) + 0.4 * Math.min(1, avgTerms / 12)),
    relevance: scale(
      0.5 * cover([...topic].join(" "), relevant) + 0.5 * share(claims, (c) => relevant.includes(c)),
    ),
    persona_consistency: scale(cover(persona.replace(/^[^,]*,/, ""), claims)),
    coherence: scale(0.5 * share(claims, (c) => c.section !== "") + 0.5 * Math.min(1, sections / 3)),
    non_contradiction: scale(1 - repeated),
    completeness: scale(Math.min(1, relevant.length / 8) * share(relevant, (c) => c.citations.length > 0)),
  };
  return {
    value,
    justification: `lexical proxies over ${claims.length} claims beyond the question (${relevant.length} on its topic, ${reading.claims.length - claims.length} restating it), ${sections} sections`,
    tokens: 0,
  };
}
